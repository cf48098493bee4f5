// build.sh and verify.sh as the gate accepts them (the plan's gate baseline), how they differ now, and how the
// harness says so. A developer that rewrites `verify.sh` to `exit 0` must not pass the gate with nothing built: the
// gate runs the scripts only while they are as they were when the plan's first loop began (or as a task that passed
// left them), and a try that changed either one (its content, its exec bit, or what it is: a symlink or a directory
// where the file was) fails the gate, unless `review.allow_gate_changes` permits it for a task whose work is the
// build itself; then the scripts run as the developer left them, the review prompt tells the architect to check the
// change, and a task that passes with it moves the baseline on. The baseline is kept from one try, task and run
// to the next, so a change a failed try left behind is refused again, in the next task too. Pure: gate-baseline.ts
// reads the files.
import { z } from 'zod';

export const GATE_SCRIPTS = ['build.sh', 'verify.sh'] as const;
export type GateScript = (typeof GATE_SCRIPTS)[number];

export const scriptStateSchema = z.strictObject({
  /** What is at the path (lstat): a file, a symlink (followed for the content), nothing, or something else. */
  kind: z.enum(['file', 'symlink', 'missing', 'other']),
  /** SHA-256 (hex) of the content read through the path; null when it cannot be read. */
  sha256: z.string().nullable(),
  /** Whether the file the path leads to has an exec bit. */
  executable: z.boolean(),
  /** A symlink's target; null otherwise. */
  target: z.string().nullable(),
});
export type ScriptState = z.infer<typeof scriptStateSchema>;

export const gateBaselineSchema = z.strictObject({
  /**
   * HEAD when the baseline was taken, if both scripts were committed there unchanged: the commit `git diff` and
   * `git checkout` hints name. Null outside git, or when the scripts were not committed as they were.
   */
  commit: z.string().nullable(),
  scripts: z.strictObject({ 'build.sh': scriptStateSchema, 'verify.sh': scriptStateSchema }),
});
export type GateBaseline = z.infer<typeof gateBaselineSchema>;
export type GateStates = GateBaseline['scripts'];

export const SCRIPT_CHANGES = ['content', 'exec bit', 'deleted', 'replaced'] as const;
export type ScriptChange = (typeof SCRIPT_CHANGES)[number];

export const gateChangeSchema = z.strictObject({
  script: z.enum(GATE_SCRIPTS),
  what: z.array(z.enum(SCRIPT_CHANGES)),
});
export type GateChange = z.infer<typeof gateChangeSchema>;

/** How one script differs from its baseline state (empty when it does not). */
export function scriptChanges(before: ScriptState, now: ScriptState): ScriptChange[] {
  if (before.kind === now.kind && before.sha256 === now.sha256 && before.executable === now.executable) {
    return before.target === now.target ? [] : ['replaced'];
  }
  if (now.kind === 'missing') return before.kind === 'missing' ? [] : ['deleted'];
  const changes: ScriptChange[] = [];
  if (before.kind !== now.kind || before.target !== now.target) changes.push('replaced');
  if (before.sha256 !== now.sha256) changes.push('content');
  if (before.executable !== now.executable) changes.push('exec bit');
  return changes;
}

/** Every script that differs from the baseline, in GATE_SCRIPTS order. */
export function gateChanges(baseline: GateBaseline, now: GateStates): GateChange[] {
  return GATE_SCRIPTS.flatMap((script) => {
    const what = scriptChanges(baseline.scripts[script], now[script]);
    return what.length > 0 ? [{ script, what }] : [];
  });
}

/** Two lists of changes as one, each script once with every change seen, in GATE_SCRIPTS order. */
export function mergeGateChanges(a: readonly GateChange[], b: readonly GateChange[]): GateChange[] {
  return GATE_SCRIPTS.flatMap((script) => {
    const what = SCRIPT_CHANGES.filter((change) =>
      [...a, ...b].some((c) => c.script === script && c.what.includes(change)),
    );
    return what.length > 0 ? [{ script, what }] : [];
  });
}

const names = (changes: readonly GateChange[]): string => changes.map((c) => c.script).join(' ');

/** `build.sh and verify.sh changed since the gate accepted them (build.sh: content; verify.sh: content, exec bit)` */
export function describeGateChanges(changes: readonly GateChange[]): string {
  const which = changes.map((c) => c.script).join(' and ');
  const how = changes.map((c) => `${c.script}: ${c.what.join(', ')}`).join('; ');
  return `${which} changed since the gate accepted them (${how})`;
}

/** The gate's output for a try it refused: what changed, why that fails, and how to put the scripts back. */
export function refusalText(changes: readonly GateChange[], baseline: GateBaseline): string {
  const restore =
    baseline.commit !== null
      ? `Put them back as they were: git checkout ${baseline.commit} -- ${names(changes)}`
      : 'Put them back as they were.';
  return (
    `The gate did not run: ${describeGateChanges(changes)}. The harness runs the gate scripts only as they were ` +
    "when the plan's loop began (or as a task that passed left them), and a try that changes them fails " +
    `(review.allow_gate_changes permits it, for a task whose work is the build itself).\n${restore}\n`
  );
}

/** The line the gate's output starts with when it ran changed scripts (review.allow_gate_changes). */
export function allowedChangeLine(changes: readonly GateChange[]): string {
  return `Note: ${describeGateChanges(changes)}; review.allow_gate_changes let the gate run them as they are now.\n`;
}

/** What the harness adds to the architect's prompt when the gate ran changed scripts (review.allow_gate_changes). */
export function reviewGateNotice(changes: readonly GateChange[], baseline: GateBaseline | null): string {
  const read =
    baseline?.commit != null
      ? `Read the change (\`git diff ${baseline.commit} -- ${names(changes)}\`)`
      : 'Read the change';
  return (
    '## The harness: the gate scripts changed\n\n' +
    `${describeGateChanges(changes)}. review.allow_gate_changes is on, so the gate ran them as the developer left ` +
    `them: that they pass proves only what the changed scripts check. ${read} and FAIL the review if it weakens, ` +
    'skips or removes a check the task did not ask to change.\n'
  );
}
