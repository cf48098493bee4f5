import { r as readTaskFile } from './store-B8ORO4c2.js';

function rank(task) {
  return [task.status === "completed" ? 1 : 0, task.attempts, task.status === "pending" ? 0 : 1];
}
function moreProgress(a, b) {
  const [x, y] = [rank(a), rank(b)];
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i] > y[i];
  return false;
}
function foldOutcome(base, outcome) {
  const known = new Map(base.tasks.map((t) => [t.id, t]));
  const changed = [];
  const unknown = [];
  const better = /* @__PURE__ */ new Map();
  for (const task of outcome.tasks) {
    const current = known.get(task.id);
    if (!current) unknown.push(task.id);
    else if (moreProgress(task, current)) {
      better.set(task.id, task);
      changed.push(`${task.id}: ${current.status} -> ${task.status} (attempts ${task.attempts})`);
    }
  }
  return { file: { ...base, tasks: base.tasks.map((t) => better.get(t.id) ?? t) }, changed, unknown };
}
async function mergeOutcomes(base, paths) {
  let file = base;
  const report = [];
  for (const path of paths) {
    const read = await readTaskFile(path);
    if (!read) {
      report.push(`${path}: not found, skipped`);
      continue;
    }
    const folded = foldOutcome(file, read.file);
    file = folded.file;
    for (const line of folded.changed) report.push(`${path}: ${line}`);
    if (folded.unknown.length > 0)
      report.push(`${path}: ignored tasks not in the main file: ${folded.unknown.join(", ")}`);
    if (folded.changed.length === 0) report.push(`${path}: nothing new`);
  }
  return { file, report };
}

export { foldOutcome as f, mergeOutcomes as m };
