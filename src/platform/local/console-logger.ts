// The seed's console format: `[2026-02-14T23:15:00Z] [INFO]  iteration=14 global=362 status=starting`.
import type { Fields, Level, Logger } from '../../loop/index.js';
import { isoSeconds } from '../../state/index.js';

export type Verbosity = 'quiet' | 'normal' | 'verbose';

const RANK: Record<Level, number> = { debug: 0, info: 1, warn: 2, error: 3 };

export function formatValue(value: string | number | boolean | null): string {
  const text = String(value);
  return /^[^\s"=]+$/.test(text) ? text : JSON.stringify(text);
}

export function formatLine(nowMs: number, level: Level, fields: Fields): string {
  const tag = `[${level === 'debug' ? 'DEBUG' : level.toUpperCase()}]`.padEnd(8);
  const pairs = Object.entries(fields)
    .filter((entry): entry is [string, string | number | boolean | null] => entry[1] !== undefined)
    .map(([key, value]) => `${key}=${formatValue(value)}`);
  return `[${isoSeconds(nowMs)}] ${tag}${pairs.join(' ')}`;
}

export class ConsoleLogger implements Logger {
  private readonly min: number;
  readonly agentOutput?: (chunk: string) => void;

  constructor(
    private readonly verbosity: Verbosity,
    private readonly now: () => number,
    private readonly out: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
  ) {
    this.min = verbosity === 'verbose' ? 0 : verbosity === 'quiet' ? 3 : 1;
    if (verbosity === 'verbose') this.agentOutput = (chunk) => process.stdout.write(chunk);
  }

  log(level: Level, fields: Fields): void {
    if (RANK[level] < this.min) return;
    const line = formatLine(this.now(), level, fields);
    this.out(line);
  }

  summary(text: string): void {
    this.out(text);
  }
}
