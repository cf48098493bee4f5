// The harness's gate between develop and review: `./build.sh`, then `./verify.sh`, each with a timeout, whatever
// the developer claimed. The architect never reviews code that does not build or pass its checks; when the gate
// fails, the try fails and the end of the scripts' output goes into the next develop prompt. `loop` refuses to
// start when either script is missing or not executable, naming which and how to fix it. Given the plan's
// baseline, a script runs only while both are as the gate accepted them (checked again before each one
// and after the last), unless review.allow_gate_changes lets changed scripts run (gate-changes.ts).
import { lookUpExecutable } from '../os/executable.js';
import { join } from 'node:path';
import { EXIT, HarnessError } from '../errors/exit-codes.js';
import type { Clock, Spawn } from '../os/clock-spawn.js';
import { runShell } from '../os/shell.js';
import type { GateRecord } from './progress.js';
import { readGateStates } from './gate-baseline.js';
import {
  allowedChangeLine,
  GATE_SCRIPTS,
  gateChanges,
  mergeGateChanges,
  refusalText,
  type GateBaseline,
  type GateChange,
  type GateScript,
} from './gate-changes.js';

export { GATE_SCRIPTS, type GateScript } from './gate-changes.js';

const PURPOSE: Record<GateScript, string> = {
  'build.sh': 'builds the project, e.g. `npm run build`, `go build ./...` or `cargo build`',
  'verify.sh': 'runs the tests and checks, e.g. `npm run lint && npm test` or `go test ./...`',
};

/** At most this much of the gate's output (its end) goes into the next develop prompt. */
export const GATE_OUTPUT_TAIL_BYTES = 4096;

/** What is wrong with the gate scripts in `root`, one line each with the fix; empty when both are ready. */
export function gateScriptProblems(root: string): string[] {
  return GATE_SCRIPTS.flatMap((script) => {
    const path = join(root, script);
    const fix = `it ${PURPOSE[script]} and exits 0 on success`;
    const found = lookUpExecutable(path, root, {});
    if (found.kind === 'found') return [];
    if (found.kind === 'not_found')
      return [`${script} is missing: create ${path} (${fix}), then chmod +x ${script}`];
    return found.permission
      ? [`${script} is not executable: run chmod +x ${script}`]
      : [`${script} is not a file: ${path} must be an executable script (${fix})`];
  });
}

/**
 * What `attach` tells a project about the gate scripts, from gateScriptProblems: that both are ready, or what each
 * is for, where it goes and what is wrong now; then the commands that come next.
 */
export function gateScriptsAdvice(problems: readonly string[]): string[] {
  const next = [
    'Next: agent-harness plan "<what to build>" writes a plan and prints its id; agent-harness loop <plan_id> runs it.',
  ];
  if (problems.length === 0)
    return [
      'build.sh and verify.sh are here and executable: the gate runs ./build.sh, then ./verify.sh, after every develop session.',
      ...next,
    ];
  return [
    'Before agent-harness loop, the project needs two executable scripts at its root (beside .harness/). The gate',
    'runs ./build.sh, then ./verify.sh, after every develop session; the architect reviews only when both exit 0:',
    ...GATE_SCRIPTS.map((script) => `  ${script}: ${PURPOSE[script]}, and exits 0 on success`),
    'Now:',
    ...problems.map((p) => `  ${p}`),
    ...next,
  ];
}

export class GateScriptsError extends HarnessError {
  override readonly name = 'GateScriptsError';
  constructor(readonly problems: readonly string[]) {
    super(
      `the review loop needs build.sh and verify.sh at the project root:\n${problems.map((p) => `  ${p}`).join('\n')}`,
      EXIT.usage,
    );
  }
}

/** Throws GateScriptsError naming every problem, before anything starts. */
export function requireGateScripts(root: string): void {
  const problems = gateScriptProblems(root);
  if (problems.length > 0) throw new GateScriptsError(problems);
}

export interface GateStep {
  script: GateScript;
  /** The script's exit code; 124 when it timed out, 130 when a stop request ended it. */
  exitCode: number;
  timedOut: boolean;
  interrupted: boolean;
  durationMs: number;
}

export interface GateResult {
  passed: boolean;
  /** The script that failed (verify.sh is not run when build.sh fails); null when the gate passed. */
  failedAt: GateScript | null;
  /** A stop request ended a script: neither a pass nor a verdict on the work. */
  interrupted: boolean;
  steps: GateStep[];
  /** The end of the failing script's output with a heading, at most GATE_OUTPUT_TAIL_BYTES; '' on a pass. */
  output: string;
  /** The scripts that differ from the plan's baseline (empty without one). */
  changes: GateChange[];
  /** The gate failed because a script changed (review.allow_gate_changes off): `failedAt` is the first changed. */
  refused: boolean;
}

export interface GateOptions {
  root: string;
  env: NodeJS.ProcessEnv;
  /** Per script. */
  timeoutMs: number;
  clock: Clock;
  spawn: Spawn;
  /** The run's containment cookie: whatever a script leaves running is ended with it. */
  cookie?: string;
  signal?: AbortSignal;
  /** The scripts as the gate accepts them (the plan's baseline); null: run them as they are. */
  baseline?: GateBaseline | null;
  /** review.allow_gate_changes: changed scripts run (and `changes` says so) instead of failing the gate. */
  allowChanges?: boolean;
}

/** Runs the gate: build.sh, then (if it passed) verify.sh. Never throws for a failing script. */
export async function runGate(options: GateOptions): Promise<GateResult> {
  const steps: GateStep[] = [];
  let changes: GateChange[] = [];
  const baseline = options.baseline ?? null;
  /** Checks the scripts against the baseline; the refusal when one changed and changes are not allowed. */
  const check = async (): Promise<GateResult | null> => {
    if (baseline === null) return null;
    const found = gateChanges(baseline, await readGateStates(options.root));
    changes = mergeGateChanges(changes, found);
    if (found.length === 0 || options.allowChanges === true) return null;
    return {
      passed: false,
      failedAt: found[0]!.script,
      interrupted: false,
      steps,
      output: refusalText(changes, baseline),
      changes,
      refused: true,
    };
  };
  for (const script of GATE_SCRIPTS) {
    const refused = await check();
    if (refused) return refused;
    // Everything goes to stderr, whose end runShell keeps, so the output is the real end of both streams.
    const result = await runShell(`exec 1>&2\n./${script}`, {
      cwd: options.root,
      env: options.env,
      timeoutMs: options.timeoutMs,
      clock: options.clock,
      spawn: options.spawn,
      ...(options.cookie !== undefined ? { cookie: options.cookie } : {}),
      ...(options.signal !== undefined ? { signal: options.signal } : {}),
    });
    const step: GateStep = {
      script,
      exitCode: result.exitCode,
      timedOut: result.timedOut,
      interrupted: result.interrupted,
      durationMs: result.durationMs,
    };
    steps.push(step);
    if (result.exitCode !== 0 || result.timedOut || result.interrupted) {
      const preface = changes.length > 0 ? allowedChangeLine(changes) : '';
      return {
        passed: false,
        failedAt: script,
        interrupted: result.interrupted,
        steps,
        output: gateOutput(step, result.stderrTail, options.timeoutMs, preface),
        changes,
        refused: false,
      };
    }
  }
  // A script that rewrote the other one, or itself, after it was checked.
  const refused = await check();
  if (refused) return refused;
  return { passed: true, failedAt: null, interrupted: false, steps, output: '', changes, refused: false };
}

/** The gate's result as progress.json records it. */
export function gateRecordOf(gate: GateResult): GateRecord {
  return {
    passed: gate.passed,
    failed_at: gate.failedAt,
    steps: gate.steps.map((s) => ({
      script: s.script,
      exit_code: s.exitCode,
      timed_out: s.timedOut,
      duration_ms: Math.round(s.durationMs),
    })),
    ...(gate.changes.length > 0 ? { changed: gate.changes } : {}),
  };
}

/** The heading and the end of a failed script's output, within GATE_OUTPUT_TAIL_BYTES. */
export function gateOutput(step: GateStep, tail: string, timeoutMs: number, preface = ''): string {
  const how = step.interrupted
    ? 'was interrupted by a stop request'
    : step.timedOut
      ? `timed out after ${Math.round(timeoutMs / 1000)} s`
      : `failed with exit code ${step.exitCode}`;
  const heading = `${preface}./${step.script} ${how}. The end of its output:\n`;
  const budget = GATE_OUTPUT_TAIL_BYTES - Buffer.byteLength(heading);
  const body = tail === '' ? '(no output)' : lastBytes(tail, budget);
  return heading + body;
}

/** The last `max` bytes of `text`, cut at a character boundary, with a marker when something was cut. */
function lastBytes(text: string, max: number): string {
  const buffer = Buffer.from(text, 'utf8');
  if (buffer.length <= max) return text;
  const marker = '…';
  let start = buffer.length - (max - Buffer.byteLength(marker));
  // Skip UTF-8 continuation bytes so no character is split.
  while (start < buffer.length && (buffer[start]! & 0xc0) === 0x80) start++;
  return marker + buffer.subarray(start).toString('utf8');
}
