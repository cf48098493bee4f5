import { join } from 'node:path';
import { H as HarnessError, E as EXIT } from './exit-codes-BIDj-cBV.js';

const MAX_ID_LENGTH = 128;
function unsafeIdReason(id) {
  if (id === "") return "it is empty";
  if (id.length > MAX_ID_LENGTH) return `it is longer than ${MAX_ID_LENGTH} characters`;
  if (id.includes("/") || id.includes("\\")) return "it contains a path separator";
  if (/[\u0000-\u001f\u007f]/.test(id)) return "it contains a control character";
  if (id.startsWith(".")) return 'it starts with "."';
  if (id.startsWith("-")) return 'it starts with "-"';
  if (id.trim() !== id) return "it starts or ends with whitespace";
  return void 0;
}
const SAFE_ID_PATTERN = new RegExp(
  `^(?![.-])(?!\\s)[^/\\\\\\u0000-\\u001f\\u007f]{1,${MAX_ID_LENGTH}}(?<!\\s)$`
);
const SAFE_ID_EXPECTATION = `a safe file name (no "/", "\\\\", control characters or surrounding whitespace, not starting with "." or "-", 1 to ${MAX_ID_LENGTH} characters)`;

const PHASES = ["plan", "develop", "review"];
const ROLE_OF_PHASE = {
  plan: "planner",
  develop: "developer",
  review: "architect"
};
PHASES.map((phase) => ROLE_OF_PHASE[phase]);
class UnsafeIdError extends HarnessError {
  constructor(kind, id, reason) {
    super(`${kind} ${JSON.stringify(id)} cannot be used as a file name: ${reason}`, EXIT.planInvalid);
    this.kind = kind;
    this.id = id;
    this.reason = reason;
  }
  kind;
  id;
  reason;
  name = "UnsafeIdError";
}
function segment(kind, id) {
  const reason = unsafeIdReason(id);
  if (reason !== void 0) throw new UnsafeIdError(kind, id, reason);
  return id;
}
const harnessDir = (cwd) => join(cwd, ".harness");
const promptTemplateFile = (phase) => `prompts/${phase}.md.tmpl`;
const personaFile = (role) => `personas/${role}.md`;
const techdebtPath = (cwd) => join(harnessDir(cwd), "techdebt.md");
const logPath = (cwd) => join(harnessDir(cwd), "log.md");
const plansDir = (cwd) => join(harnessDir(cwd), "plans");
const planDir = (cwd, id) => join(plansDir(cwd), segment("plan id", id));
const planfilePath = (cwd, id) => join(planDir(cwd, id), "planfile.json");
const mistakesPath = (cwd, id) => join(planDir(cwd, id), "mistakes.json");
const reviewsDir = (cwd, id) => join(planDir(cwd, id), "reviews");
function reviewStem(cwd, id, taskId, n) {
  if (!Number.isSafeInteger(n) || n < 1)
    throw new RangeError(`review number must be an integer >= 1, got ${n}`);
  return join(reviewsDir(cwd, id), `${segment("task id", taskId)}-${n}`);
}
const reviewPath = (cwd, id, taskId, n) => `${reviewStem(cwd, id, taskId, n)}-review.md`;
const reviewMistakesPath = (cwd, id, taskId, n) => `${reviewStem(cwd, id, taskId, n)}-mistakes.json`;

export { PHASES as P, SAFE_ID_PATTERN as S, planfilePath as a, reviewPath as b, reviewsDir as c, SAFE_ID_EXPECTATION as d, planDir as e, promptTemplateFile as f, personaFile as g, harnessDir as h, logPath as l, mistakesPath as m, plansDir as p, reviewMistakesPath as r, techdebtPath as t };
