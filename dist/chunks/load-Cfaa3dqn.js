import { G as toJSONSchema, d as configSchema, P as PHASES, H as DEFAULT_AGENT_ARGS, c as TIMER_LIMIT_REASON, r as readInputText, I as InputFileError } from './input-file-6q8ve5AP.js';
import { d as discoverConfigFile, a as displayPath, p as parseConfigText, f as formatOf } from './discover-NOJB2NMI.js';
import { a as formatValue, b as formatProblem, u as unknownKeyProblem, f as formatKeyPath, v as valueAt, m as mismatchProblem, C as ConfigError } from './errors-Bb6PJNB8.js';
import { basename } from 'node:path';

const CONFIG_SCHEMA_ID = "https://unpkg.com/agent-harness/schema/harness.schema.json";
let cached;
function configJsonSchema() {
  if (!cached) {
    const { $schema, ...rest } = toJSONSchema(configSchema, { io: "input", target: "draft-2020-12" });
    cached = {
      $schema,
      $id: CONFIG_SCHEMA_ID,
      title: "agent-harness configuration",
      description: "harness.yml / harness.yaml / harness.toml. Every key is optional; an empty file is valid.",
      ...rest
    };
  }
  return structuredClone(cached);
}

const INT_LIMIT = Number.MAX_SAFE_INTEGER;
const asSchema = (v) => typeof v === "object" && v !== null && !Array.isArray(v) ? v : void 0;
let root;
const rootSchema = () => root ??= configJsonSchema();
function propertiesOf(node) {
  return asSchema(node?.["properties"]) ?? {};
}
function sectionNames() {
  return Object.keys(propertiesOf(rootSchema()));
}
const isNestedTable = (node) => node?.["properties"] !== void 0;
function leavesUnder(prefix, node) {
  return Object.entries(propertiesOf(node)).flatMap(
    ([key, child]) => isNestedTable(child) ? leavesUnder(`${prefix}.${key}`, child) : [`${prefix}.${key}`]
  );
}
function leafKeyPaths() {
  return Object.entries(propertiesOf(rootSchema())).flatMap(([section, node]) => leavesUnder(section, node));
}
function schemaAt(path) {
  let node = rootSchema();
  for (const segment of path) {
    if (!node) return void 0;
    if (typeof segment === "number") node = asSchema(node["items"]);
    else node = propertiesOf(node)[String(segment)] ?? asSchema(node["additionalProperties"]);
  }
  return node;
}
function bound(node) {
  const parts = [];
  if (typeof node["exclusiveMinimum"] === "number") parts.push(`> ${node["exclusiveMinimum"]}`);
  if (typeof node["minimum"] === "number") parts.push(`>= ${node["minimum"]}`);
  if (typeof node["maximum"] === "number" && node["maximum"] !== INT_LIMIT)
    parts.push(`<= ${node["maximum"]}`);
  if (typeof node["exclusiveMaximum"] === "number") parts.push(`< ${node["exclusiveMaximum"]}`);
  return parts.length ? ` ${parts.join(" and ")}` : "";
}
function typeLabel(node) {
  if (!node) return "value";
  if (Array.isArray(node["enum"])) return node["enum"].map((v) => JSON.stringify(v)).join(" | ");
  switch (node["type"]) {
    case "integer":
      return `integer${bound(node)}`;
    case "number":
      return `number${bound(node)}`;
    case "string":
      return typeof node["minLength"] === "number" && node["minLength"] > 0 ? "non-empty string" : "string";
    case "boolean":
      return "boolean";
    case "array":
      return `list of ${plural(typeLabel(asSchema(node["items"])))}`;
    case "object":
      if (node["properties"]) return "table of settings";
      return `table of ${plural(typeLabel(asSchema(node["additionalProperties"])))}`;
    default:
      return "value";
  }
}
const plural = (label) => /^(string|integer|number|boolean)$/.test(label) ? `${label}s` : label;
function expectedPhrase(node) {
  if (node && Array.isArray(node["enum"]))
    return `one of ${node["enum"].map((v) => JSON.stringify(v)).join(", ")}`;
  const label = typeLabel(node);
  return `${/^[aeiou]/.test(label) ? "an" : "a"} ${label}`;
}
function enumValues(node) {
  return Array.isArray(node?.["enum"]) ? node["enum"].filter((v) => typeof v === "string") : [];
}

function editDistance(a, b) {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d = Array.from(
    { length: rows },
    (_, i) => Array.from({ length: cols }, (_2, j) => i === 0 ? j : j === 0 ? i : 0)
  );
  const at = (i, j) => d[i]?.[j] ?? Number.POSITIVE_INFINITY;
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, at(i - 2, j - 2) + 1);
      }
      d[i][j] = best;
    }
  }
  return at(a.length, b.length);
}
const normalise = (s) => s.toLowerCase().replace(/-/g, "_");
function closestMatch(word, candidates) {
  const w = normalise(word);
  const limit = Math.min(3, Math.max(1, Math.floor(w.length / 4)));
  let best;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    const distance = editDistance(w, normalise(candidate));
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  if (bestDistance <= limit) return best;
  return w.length >= 4 ? candidates.find((c) => normalise(c).startsWith(`${w}_`)) : void 0;
}

const CLIS = ["claude", "codex", "gemini"];
const CLI_NAMES = { claude: "Claude", codex: "Codex", gemini: "Gemini" };
const CLI_ARGS = {
  claude: DEFAULT_AGENT_ARGS,
  codex: ["exec", "--json", "--skip-git-repo-check", "--sandbox", "workspace-write", "{prompt}"],
  gemini: ["-p", "{prompt}", "--output-format", "stream-json", "--yolo"]
};
function cliOf(command) {
  const name = basename(command).replace(/\.(cmd|exe)$/i, "");
  return CLIS.find((cli) => cli === name);
}
const cliOfFormat = (format) => CLIS.find((cli) => cli === format);
function phaseProblems(config, source) {
  const { agent } = config;
  const baseCli = cliOf(agent.command) ?? cliOfFormat(agent.format);
  const problems = [];
  for (const phase of PHASES) {
    const own = agent[phase];
    if (own === void 0 || own.args !== void 0) continue;
    const changes = [];
    if (own.format !== void 0 && own.format !== agent.format)
      changes.push(`format = ${formatValue(own.format)}`);
    const ownCli = own.command === void 0 ? void 0 : cliOf(own.command);
    if (own.command !== void 0 && ownCli !== void 0 && ownCli !== cliOf(agent.command))
      changes.push(`command = ${formatValue(own.command)}`);
    if (changes.length === 0) continue;
    const target = ownCli ?? (own.format === void 0 ? void 0 : cliOfFormat(own.format));
    const whose = baseCli === void 0 ? `written for ${formatValue(agent.command)}` : `${CLI_NAMES[baseCli]}'s flags`;
    const example = target === void 0 ? "" : ` (for ${CLI_NAMES[target]}: ${JSON.stringify(CLI_ARGS[target])})`;
    problems.push({
      source,
      path: `agent.${phase}`,
      message: `sets ${changes.join(" and ")} but inherits agent.args, which are ${whose}: set agent.${phase}.args${example}`
    });
  }
  return problems;
}

const CASE_INSENSITIVE_PREFIX = "(?i)";
function compilePattern(pattern) {
  if (pattern.startsWith(CASE_INSENSITIVE_PREFIX)) {
    return new RegExp(pattern.slice(CASE_INSENSITIVE_PREFIX.length), "i");
  }
  return new RegExp(pattern);
}
function patternError(pattern) {
  try {
    compilePattern(pattern);
    return void 0;
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    return text.replace(/^Invalid regular expression: \/.*\/[a-z]*: /s, "");
  }
}

const PATTERN_KEY_PATHS = [
  ["commit_detection", "patterns"],
  ["rate_limit", "patterns"]
];
const isMapping = (v) => typeof v === "object" && v !== null && !Array.isArray(v);
function suggestKey(key, parent, siblings) {
  const sibling = closestMatch(key, siblings);
  if (sibling !== void 0) return sibling;
  const elsewhere = leafKeyPaths().filter((p) => p !== [...parent, key].join("."));
  const byLeaf = closestMatch(
    key,
    elsewhere.map((p) => p.slice(p.lastIndexOf(".") + 1))
  );
  return byLeaf === void 0 ? void 0 : elsewhere.find((p) => p.endsWith(`.${byLeaf}`));
}
function issueProblems(issue, data, source) {
  if (issue.code === "unrecognized_keys") {
    const siblings = Object.keys(propertiesOf(schemaAt(issue.path)));
    const topLevel = issue.path.length === 0;
    return issue.keys.map(
      (key) => unknownKeyProblem(
        source,
        formatKeyPath([...issue.path, key]),
        siblings,
        suggestKey(key, issue.path, siblings),
        topLevel ? "section" : "key"
      )
    );
  }
  const node = schemaAt(issue.path);
  const path = formatKeyPath(issue.path);
  if (!node) return [{ source, path, message: issue.message }];
  const value = valueAt(data, issue.path);
  const suggestion = typeof value === "string" ? closestMatch(value, enumValues(node)) : void 0;
  const problem = mismatchProblem(source, path, expectedPhrase(node), value, suggestion);
  if (issue.code === "too_big" && issue.message === TIMER_LIMIT_REASON)
    problem.message += ` (${TIMER_LIMIT_REASON})`;
  return [problem];
}
function patternProblems(data, source) {
  const problems = [];
  for (const keyPath of PATTERN_KEY_PATHS) {
    const list = valueAt(data, keyPath);
    if (!Array.isArray(list)) continue;
    list.forEach((pattern, index) => {
      if (typeof pattern !== "string") return;
      const reason = patternError(pattern);
      if (reason === void 0) return;
      problems.push({
        source,
        path: formatKeyPath([...keyPath, index]),
        found: formatValue(pattern),
        expected: "a valid regular expression",
        message: `invalid regular expression ${formatValue(pattern)}: ${reason}`
      });
    });
  }
  return problems;
}
function validateConfigData(data, source) {
  const result = configSchema.safeParse(data, { jitless: true });
  const problems = result.success ? [] : result.error.issues.flatMap((i) => issueProblems(i, data, source));
  problems.push(...patternProblems(data, source));
  if (result.success) problems.push(...phaseProblems(result.data, source));
  const order = Object.keys(data);
  const rank = (p) => {
    const index = order.indexOf(p.path?.split(/[.[]/, 1)[0] ?? "");
    return index === -1 ? order.length : index;
  };
  problems.sort((a, b) => rank(a) - rank(b));
  const seen = /* @__PURE__ */ new Set();
  const unique = problems.filter((p) => {
    const line = formatProblem(p);
    if (seen.has(line)) return false;
    seen.add(line);
    return true;
  });
  return unique.length || !result.success ? { problems: unique } : { problems: [], config: result.data };
}

const FLAG_SOURCE = "command line";
function coerceFlag(path, value) {
  const type = schemaAt(path.split("."))?.["type"];
  if ((type === "number" || type === "integer") && typeof value === "string" && value.trim() !== "") {
    const n = Number(value);
    if (!Number.isNaN(n)) return n;
  }
  return value;
}
function dropEmptySections(data) {
  if (!Object.values(data).includes(null)) return data;
  const known = new Set(sectionNames());
  return Object.fromEntries(Object.entries(data).filter(([k, v]) => !(v === null && known.has(k))));
}
function deepFreeze(value) {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
async function readConfigData(file, source) {
  let text;
  try {
    text = await readInputText(file, { what: "config file" });
  } catch (error) {
    if (error instanceof InputFileError) throw error;
    const reason = error.code ?? String(error);
    throw new ConfigError([{ source, message: `cannot read config file (${reason})` }]);
  }
  return parseConfigText(text, formatOf(file) ?? "yaml", source);
}
function setAt(data, path, value) {
  const [key = "", ...rest] = path;
  if (rest.length === 0) {
    data[key] = value;
    return;
  }
  const current = data[key];
  const table = { ...isMapping(current) ? current : {} };
  setAt(table, rest, value);
  data[key] = table;
}
function hasAt(data, path) {
  const [key = "", ...rest] = path;
  if (!Object.hasOwn(data, key)) return false;
  if (rest.length === 0) return true;
  const child = data[key];
  return isMapping(child) && hasAt(child, rest);
}
const isUnder = (problem, paths) => paths.some(
  (p) => problem.path === p || problem.path?.startsWith(`${p}.`) || problem.path?.startsWith(`${p}[`) || problem.path !== void 0 && p.startsWith(`${problem.path}.`)
);
async function loadConfig(opts) {
  const file = await discoverConfigFile(opts.cwd, opts.configPath);
  const source = file === null ? "(defaults)" : displayPath(opts.cwd, file);
  const fileData = file === null ? {} : dropEmptySections(await readConfigData(file, source));
  const problems = [];
  let leaves;
  const leafPaths = () => leaves ??= leafKeyPaths();
  const flagged = [];
  const merged = { ...fileData };
  for (const [path, raw] of Object.entries(opts.overrides ?? {})) {
    if (raw === void 0) continue;
    if (!leafPaths().includes(path)) {
      problems.push(unknownKeyProblem(FLAG_SOURCE, path, [], closestMatch(path, leafPaths())));
      continue;
    }
    setAt(merged, path.split("."), coerceFlag(path, raw));
    flagged.push(path);
  }
  const fromFile = validateConfigData(fileData, source);
  const fromMerge = flagged.length === 0 ? fromFile : validateConfigData(merged, FLAG_SOURCE);
  problems.unshift(...fromFile.problems);
  problems.push(...fromMerge.problems.filter((p) => isUnder(p, flagged)));
  if (problems.length || !fromMerge.config) throw new ConfigError(problems);
  let sources;
  const sourcesOf = () => {
    const found = {};
    for (const path of leafPaths()) {
      found[path] = flagged.includes(path) ? "flag" : hasAt(fileData, path.split(".")) ? "file" : "default";
    }
    return Object.freeze(found);
  };
  return Object.freeze({
    config: deepFreeze(fromMerge.config),
    file,
    get sources() {
      return sources ??= sourcesOf();
    }
  });
}

export { closestMatch as a, compilePattern as b, configJsonSchema as c, leafKeyPaths as d, loadConfig as l };
