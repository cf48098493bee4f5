// The stop reasons the code can produce, read from src/: every string the loop, the task driver and the Action
// end a run with (`loop_end.reason`, `harness.status` `stop_reason`, the Action's `stop-reason` output). There is
// no exported list of them yet, so this reads the places that make one, each by the shape it is written in.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ROOT } from '../../support/workdir.js';

/** Where a stop reason is written, as patterns whose first group is the reason (or a constant naming it). */
const SHAPES: RegExp[] = [
  // the runner's ends: `end = { reason: 'completed', exitCode: … }`, `{ kind: 'stop', reason: '…', … }`
  /\breason: '([a-z_]+)',\s*exitCode\b/g,
  /\bkind: 'stop',\s*reason: '([a-z_]+)'/g,
  /\bkind: 'stop',\s*\n\s*reason: '([a-z_]+)'/g,
  // stops forced or requested: `stop.force({ reason: 'time_budget', … })`, `stop.request('stop_file')`
  /\.force\(\{\s*reason: '([a-z_]+)'/g,
  /\.request\('([a-z_]+)'/g,
  // a stop source (the STOP label): `{ name: 'stop_label', pollMs: … }`; its name is the reason it stops with
  /\bname: '([a-z_]+)',\s*pollMs\b/g,
  // fallbacks when none is recorded: `stop.forcedBy ?? stop.reason ?? 'stopped'`, and post's
  // `stopReason: finished ? (status?.stop_reason ?? 'stopped') : 'cancelled'`
  /\bstop\.reason \?\? '([a-z_]+)'/g,
  /\bstopReason: [^\n]*\?\? '([a-z_]+)'/g,
  // the task driver's stops: `{ stop: 'env_setup', … }`, `{ stop: INTERRUPTED }`, and a choice of two
  /\{ stop: '([a-z_]+)'/g,
  /\{ stop: ([A-Z_]+) \}/g,
  /\bstop: [^'\n]*\? '([a-z_]+)' : '[a-z_]+'/g,
  /\bstop: [^'\n]*\? '[a-z_]+' : '([a-z_]+)'/g,
  // the Action before the loop: `core.setOutput('stop-reason', 'not_triggered')`
  /setOutput\('stop-reason', '([a-z_]+)'\)/g,
  // a LoopError's reason: its default, and the one given after its exit code
  /\breadonly reason = '([a-z_]+)'/g,
  /\bEXIT\.\w+,\s*'([a-z_]+)',?\s*\)/g,
  // the signals the CLI stops on: `export type StopReason = 'stop_file' | 'sigint' | …`
  /type StopReason = ([^;]+);/g,
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** Every stop reason in src/, with the files that produce it. */
export function stopReasonsInSource(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const add = (reason: string, file: string) => {
    const files = found.get(reason) ?? [];
    if (!files.includes(file)) files.push(file);
    found.set(reason, files);
  };
  for (const path of sourceFiles(join(ROOT, 'src'))) {
    const source = readFileSync(path, 'utf8');
    const file = relative(ROOT, path);
    for (const shape of SHAPES) {
      for (const match of source.matchAll(shape)) {
        const value = match[1]!;
        if (shape.source.startsWith('type StopReason')) {
          for (const literal of value.matchAll(/'([a-z_]+)'/g)) add(literal[1]!, file);
        } else if (/^[A-Z_]+$/.test(value)) {
          const constant = new RegExp(`\\bconst ${value} = '([a-z_]+)'`).exec(source);
          if (!constant)
            throw new Error(`${file}: the stop reason ${value} is not a string constant of that file`);
          add(constant[1]!, file);
        } else add(value, file);
      }
    }
  }
  return found;
}
