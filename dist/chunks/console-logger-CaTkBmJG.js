import 'node:fs';
import 'node:fs/promises';
import 'node:path';
import './exit-codes-BkuRLrXJ.js';
import 'node:crypto';
import './input-file-Cbt1w_j3.js';
import 'node:stream';
import 'node:stream/promises';
import 'node:zlib';
import { i as isoSeconds } from './event-log-BGV3jqas.js';
import 'node:child_process';

const RANK = { debug: 0, info: 1, warn: 2, error: 3 };
function formatValue(value) {
  const text = String(value);
  return /^[^\s"=]+$/.test(text) ? text : JSON.stringify(text);
}
function formatLine(nowMs, level, fields) {
  const tag = `[${level === "debug" ? "DEBUG" : level.toUpperCase()}]`.padEnd(8);
  const pairs = Object.entries(fields).filter((entry) => entry[1] !== void 0).map(([key, value]) => `${key}=${formatValue(value)}`);
  return `[${isoSeconds(nowMs)}] ${tag}${pairs.join(" ")}`;
}
class ConsoleLogger {
  constructor(verbosity, now, out = (line) => process.stdout.write(`${line}
`)) {
    this.verbosity = verbosity;
    this.now = now;
    this.out = out;
    this.min = verbosity === "verbose" ? 0 : verbosity === "quiet" ? 3 : 1;
    if (verbosity === "verbose") this.agentOutput = (chunk) => process.stdout.write(chunk);
  }
  verbosity;
  now;
  out;
  min;
  agentOutput;
  log(level, fields) {
    if (RANK[level] < this.min) return;
    const line = formatLine(this.now(), level, fields);
    this.out(line);
  }
  summary(text) {
    this.out(text);
  }
}

export { ConsoleLogger as C, formatLine as f };
