import { C as COMMAND_NAMES, S as SUBCOMMANDS, U as UsageError, R as RUN_OPTIONS } from './relaunch-BurLyM5A.js';
import 'node:fs';
import 'node:module';
import 'node:path';
import './exit-codes-BkuRLrXJ.js';
import 'node:util';

const ONE_SHOT_FLAGS = Object.entries(RUN_OPTIONS).filter(([, option]) => option.type === "boolean" && !("short" in option)).map(([name]) => `--${name}`);
async function unknownCommand(word, parent, usage) {
  const { closestMatch } = await import('./config-Bxh0qIor.js');
  const names = parent === void 0 ? COMMAND_NAMES : SUBCOMMANDS[parent];
  const flag = parent === void 0 ? closestMatch(`--${word}`, ONE_SHOT_FLAGS) : void 0;
  const close = closestMatch(word, names) ?? flag;
  const hint = close !== void 0 ? `; did you mean "${close}"?` : `: expected one of ${names.join(", ")}${parent === void 0 ? ", or a number (MAX_ITERATIONS) for the loop run" : ""}`;
  const tail = usage ?? "Run agent-harness --help for the commands and options.";
  return new UsageError(
    `unknown ${parent === void 0 ? "" : `${parent} `}command "${word}"${hint}
${tail}`
  );
}

export { unknownCommand };
