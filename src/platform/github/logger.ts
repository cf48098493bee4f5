// The Action's log: the same `key=value` lines as the terminal, warnings and errors as annotations, each session
// in a collapsible group. Agent output is untrusted (it may print `::set-output`, `::add-mask::` or `::error`
// lines that the runner would execute), so it is only ever echoed between `::stop-commands::<token>` and
// `::<token>::`, with a fresh unguessable token, and only when step debug logging is on.
import { randomBytes } from 'node:crypto';
import type { Fields, Level, Logger } from '../../loop/index.js';
import { formatLine } from '../local/index.js';
import { neutraliseWorkflowCommands } from './redact.js';

export interface WorkflowOutput {
  write(text: string): void;
  debugEnabled: boolean;
}

export class GitHubLogger implements Logger {
  readonly agentOutput?: (chunk: string) => void;
  private groupOpen = false;

  constructor(
    private readonly out: WorkflowOutput,
    private readonly now: () => number,
    private readonly redact: (text: string) => string = (text) => text,
  ) {
    if (out.debugEnabled) this.agentOutput = (chunk) => this.untrusted(chunk);
  }

  log(level: Level, fields: Fields): void {
    if (level === 'debug' && !this.out.debugEnabled) return;
    // Field values can carry agent or hook text: a legacy `##[command]` anywhere in a line would still run.
    const line = neutraliseWorkflowCommands(this.redact(formatLine(this.now(), level, fields)));
    if (level === 'warn') this.out.write(`::warning::${escapeData(line)}\n`);
    else if (level === 'error') this.out.write(`::error::${escapeData(line)}\n`);
    else this.out.write(`${line}\n`);
  }

  summary(text: string): void {
    this.endGroup();
    this.out.write(`${neutraliseWorkflowCommands(this.redact(text))}\n`);
  }

  startGroup(title: string): void {
    this.endGroup();
    this.out.write(`::group::${escapeData(title)}\n`);
    this.groupOpen = true;
  }

  endGroup(): void {
    if (!this.groupOpen) return;
    this.out.write('::endgroup::\n');
    this.groupOpen = false;
  }

  /** Prints text that must never be read as workflow commands. */
  untrusted(text: string): void {
    const token = randomBytes(16).toString('hex');
    const body = neutraliseWorkflowCommands(this.redact(text));
    this.out.write(`::stop-commands::${token}\n${body}${body.endsWith('\n') ? '' : '\n'}::${token}::\n`);
  }
}

/** The runner's escaping for command data (what @actions/core does): %, CR and LF. */
export function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}
