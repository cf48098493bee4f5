// The agent's environment is an allow-list, not the harness's environment less a few names: in a CI job the
// harness holds the job's tokens (the `github-token` input as INPUT_GITHUB-TOKEN, ACTIONS_RUNTIME_TOKEN for the
// cache and artifacts, ACTIONS_ID_TOKEN_REQUEST_TOKEN for OIDC) and the runner's file-command paths, and an agent
// that reads any of them can write to the repository, poison the next run's cached state or take over every
// later step of the job. The agent gets the variables its CLI reads (ANTHROPIC_*, CLAUDE_*, OPENAI_*, CODEX_*,
// GEMINI_*, GOOGLE_*), the usual process variables (PATH, HOME, locale, proxy, CA certificates), the harness's
// own HARNESS_* variables and cookie, and what the user names in `agent.pass_env` (the Action's `agent-env`).
// The user's explicit `agent.env` values and the harness's per-session variables are added after the filter.
// Hooks and validation commands are the user's own code and keep the full environment. Pure.
import { COOKIE_VAR } from './cookie.js';

/** How the agent is kept from the job: see docs/security.md. `auto` is resolved at the edge (isolation.ts). */
export const AGENT_ISOLATION = ['auto', 'user', 'env', 'none'] as const;
export type AgentIsolation = (typeof AGENT_ISOLATION)[number];
/** What a run actually does, once `auto` is resolved. */
export type ResolvedIsolation = Exclude<AgentIsolation, 'auto'>;

/** Names passed as they are. */
const NAMES = new Set([
  'PATH',
  'HOME',
  'USER',
  'LOGNAME',
  'SHELL',
  'TERM',
  'COLORTERM',
  'NO_COLOR',
  'FORCE_COLOR',
  'LANG',
  'LANGUAGE',
  'TZ',
  'TMPDIR',
  'CI',
  'IS_SANDBOX',
  'HTTP_PROXY',
  'HTTPS_PROXY',
  'NO_PROXY',
  'ALL_PROXY',
  'http_proxy',
  'https_proxy',
  'no_proxy',
  'all_proxy',
  'NODE_EXTRA_CA_CERTS',
  'SSL_CERT_FILE',
  'SSL_CERT_DIR',
  'MAX_THINKING_TOKENS',
  'MAX_MCP_OUTPUT_TOKENS',
  'BASH_DEFAULT_TIMEOUT_MS',
  'BASH_MAX_TIMEOUT_MS',
  'BASH_MAX_OUTPUT_LENGTH',
  'CLOUD_ML_REGION',
  'NODE_COMPILE_CACHE',
  COOKIE_VAR,
]);

/** Prefixes passed: the agent CLIs' own variables, locale, XDG directories, the harness's variables. */
const PREFIXES = [
  'ANTHROPIC_',
  'CLAUDE_',
  'OPENAI_',
  'CODEX_',
  'GEMINI_',
  'GOOGLE_',
  'VERTEX_REGION_',
  'DISABLE_',
  'MCP_',
  'LC_',
  'XDG_',
  'HARNESS_',
  'AGENT_HARNESS_',
];

/**
 * Never passed, whatever `agent.pass_env` says: the job's tokens and the runner's file-command paths. A name the
 * user gives that falls here is refused when the config is read (forbiddenPassName).
 */
const FORBIDDEN_PREFIXES = ['INPUT_', 'ACTIONS_'];
const FORBIDDEN = new Set([
  'GITHUB_TOKEN',
  'GH_TOKEN',
  'GITHUB_ENV',
  'GITHUB_PATH',
  'GITHUB_OUTPUT',
  'GITHUB_STATE',
  'GITHUB_STEP_SUMMARY',
  'NODE_OPTIONS',
]);

/** Why a name may not be passed to the agent, or null when it may. */
export function forbiddenPassName(name: string): string | null {
  const bare = name.endsWith('*') ? name.slice(0, -1) : name;
  const prefix = FORBIDDEN_PREFIXES.find((p) => bare.startsWith(p) || p.startsWith(bare));
  if (prefix) return `${name} would pass the job's ${prefix}* variables (its tokens and inputs) to the agent`;
  if (name.endsWith('*') ? [...FORBIDDEN].some((f) => f.startsWith(bare)) : FORBIDDEN.has(name))
    return `${name} is never passed to the agent: it is the job's token or a runner file-command path (give the agent a token of its own under another name if it really needs one)`;
  return null;
}

/** Whether `name` matches one of `patterns` (`NAME` exactly or `PREFIX*`). */
function matches(name: string, patterns: readonly string[]): boolean {
  return patterns.some((p) => (p.endsWith('*') ? name.startsWith(p.slice(0, -1)) : name === p));
}

export function passedToAgent(name: string, pass: readonly string[]): boolean {
  if (FORBIDDEN.has(name) || FORBIDDEN_PREFIXES.some((p) => name.startsWith(p))) return false;
  if (name === 'CLAUDECODE') return false;
  return NAMES.has(name) || PREFIXES.some((p) => name.startsWith(p)) || matches(name, pass);
}

/**
 * The agent's environment: `base` filtered through the allow-list under `env` and `user` isolation (all of it
 * under `none`, less CLAUDECODE), then `set` on top (the user's agent.env and the harness's own variables).
 */
export function agentEnvironment(
  base: NodeJS.ProcessEnv,
  options: {
    isolation: ResolvedIsolation;
    pass: readonly string[];
    set?: Record<string, string | undefined>;
  },
): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(base)) {
    if (value === undefined || name === 'CLAUDECODE') continue;
    if (options.isolation === 'none' || passedToAgent(name, options.pass)) env[name] = value;
  }
  for (const [name, value] of Object.entries(options.set ?? {})) if (value !== undefined) env[name] = value;
  return env;
}

/** The names `base` holds that the agent does not get: for the log, never the values. */
export function withheldNames(base: NodeJS.ProcessEnv, agent: NodeJS.ProcessEnv): string[] {
  return Object.keys(base)
    .filter((name) => !(name in agent) && name !== 'CLAUDECODE')
    .sort();
}
