// Recognises why an agent session failed, from what the agent CLI itself wrote about it: an error result, an error
// event, a retry notice, stderr, an HTTP status, an exit code. One maintained set for every adapter. Never applied
// to the model's own words (an answer that discusses "503 errors" is not a failure). Limits are recognised before
// failures (limit-text.ts): a 429 is a rate limit, not an error.
import type { FailureInfo, FailureKind, FailureReason } from './types.js';

interface FailurePhrase {
  reason: FailureReason;
  kind: FailureKind;
  re: RegExp;
}

/**
 * Phrasings in order of precedence: fatal causes first (a 401 printed after an overload retry is still fatal), then
 * transient ones. Sources: Claude Code ("Invalid API key · Please run /login", "Credit balance is too low",
 * "API Error: 529 {...overloaded_error...}", "API Error: Repeated 529 Overloaded errors"), Codex ("We’re currently
 * experiencing high demand", its wording for every 5xx it gives up on; "stream
 * disconnected before completion: ...", "error sending request for url"), Gemini ("API key not valid",
 * "PERMISSION_DENIED", "Attempt 1 failed with status 503"), Node's network error codes.
 */
export const FAILURE_TEXTS: readonly FailurePhrase[] = [
  {
    reason: 'authentication',
    kind: 'fatal',
    re: /invalid api key|invalid x-api-key|incorrect api key|api key not valid|API_KEY_INVALID|authentication_error|authentication_failed|OAuth token (?:has )?(?:expired|been revoked)|Please run \/login|\bUNAUTHENTICATED\b|\b401 Unauthorized\b|status(?: code)?:? 401\b|\(401\)/i,
  },
  {
    reason: 'billing',
    kind: 'fatal',
    re: /credit balance (?:is )?too low|billing_error|insufficient_quota|\b402 Payment Required\b|status(?: code)?:? 402\b|billing (?:details|account) (?:is |are )?(?:not|in)/i,
  },
  {
    reason: 'model_not_found',
    kind: 'fatal',
    re: /model_not_found|\bmodel [`'"]?[\w.:/-]+[`'"]? (?:was )?(?:not found|does not exist|is not supported|is not available)|(?:unknown|invalid) model\b|not_found_error[^\n]{0,80}\bmodel\b|models\/[\w.-]+ is not found/i,
  },
  {
    reason: 'untrusted_folder',
    kind: 'fatal',
    re: /untrusted (?:folder|workspace|directory)|not running in a trusted (?:folder|workspace|directory)|not (?:a )?trusted (?:folder|workspace|directory)|(?:folder|workspace|directory) is not trusted/i,
  },
  {
    reason: 'bad_auth_choice',
    kind: 'fatal',
    re: /Please set an Auth method|(?:invalid|unsupported|unknown) auth(?:entication)? (?:method|type|choice)|auth(?:entication)? (?:method|type) [^\n]{0,40}(?:not (?:set|supported|valid))|When using Gemini API, you must specify the GEMINI_API_KEY/i,
  },
  {
    reason: 'agent_refused',
    kind: 'fatal',
    re: /cannot be launched inside another Claude Code session|--dangerously-skip-permissions cannot be used with root/i,
  },
  // The key expired, or the login was refused in other words: "Your API key has expired" (ozten/blacksmith
  // src/ratelimit.rs test_auth_failure_expired_key; case peer-api-key-expired), "Authentication failed: invalid
  // token" at the start of a line (mikeyobrien/ralph-orchestrator tests/test_error_formatter.py, legacy v1; case
  // peer-orch-authentication-failed).
  {
    reason: 'authentication',
    kind: 'fatal',
    re: /\bapi key (?:has |is )?(?:expired|been revoked)\b|^\s*(?:(?:api )?error:\s*)?authentication failed\b/im,
  },
  // Out of credits, or a plan without the model, and no reset named: no wait lifts it. "Please purchase more credits
  // to continue.", "Upgrade to Pro to continue using this model." (ozten/blacksmith src/ratelimit.rs
  // test_codex_quota_purchase_credits, test_codex_quota_upgrade_to_pro; cases peer-codex-purchase-more-credits,
  // peer-codex-upgrade-to-pro-for-model). Codex's usage limit names both too, with a time to try again; limits are
  // read first.
  {
    reason: 'billing',
    kind: 'fatal',
    re: /\bpurchase more credits\b|\bupgrade to (?:pro|plus|team|max)\b[^\n]{0,60}\bto continue\b/i,
  },
  // OAuth sessions whose refresh failed (issue 23): Codex "Your access token could not be refreshed because your
  // refresh token was already used" (report-codex-refresh-token-used, openai/codex#9634), Gemini's cached OAuth
  // credentials refused with `invalid_grant` (report-gemini-oauth-invalid-grant).
  {
    reason: 'authentication',
    kind: 'fatal',
    re: /access token could not be refreshed|refresh token (?:was|has) (?:already been used|already used|been revoked)|\binvalid_grant\b/i,
  },
  // `codex exec` outside a trusted (git) directory (issue 23): "Not inside a trusted directory and
  // --skip-git-repo-check was not specified." (report-codex-untrusted-directory, openai/codex#7522).
  { reason: 'untrusted_folder', kind: 'fatal', re: /\bNot inside a trusted directory\b/i },
  {
    reason: 'overloaded',
    kind: 'transient',
    re: /overloaded_error|(?<![:.\d])\b529\b(?![:.]\d)|\boverloaded\b|experiencing high demand/i,
  },
  {
    reason: 'stream_disconnected',
    kind: 'transient',
    re: /stream disconnected|stream closed before|stream ended (?:unexpectedly|before)|premature close|\bterminated\b(?= *$)/im,
  },
  {
    reason: 'server_error',
    kind: 'transient',
    re: /internal server error|(?<![:.\d])\b(?:500|502|503|504)\b(?![:.]\d)[^\n]{0,40}(?:error|unavailable|gateway|timeout)|(?:status|error)(?: code)?:? ?\(?(?:500|502|503|504)\b|\bapi_error\b|service unavailable|bad gateway|gateway time-?out|"status": ?"(?:UNAVAILABLE|INTERNAL)"|\bserver_error\b/i,
  },
  {
    reason: 'network',
    kind: 'transient',
    re: /\b(?:ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENOTFOUND|EAI_AGAIN|ENETUNREACH|EHOSTUNREACH|EPIPE)\b|socket hang up|fetch failed|network error|connection error|connection (?:reset|refused|closed|failed)|error sending request|request timed out|timed out waiting/i,
  },
  // A model without capacity is an overload, not the user's limit (issue 23): Codex "Selected model is at capacity.
  // Please try a different model." (report-codex-model-at-capacity, openai/codex#19446), Gemini "No capacity
  // available for model ... on the server" / MODEL_CAPACITY_EXHAUSTED (report-gemini-no-capacity*). See
  // CAPACITY_TEXTS in limit-text.ts, which keeps the 429 around such a message from reading as a limit.
  {
    reason: 'overloaded',
    kind: 'transient',
    re: /\bSelected model is at capacity\b|\bNo capacity available for model\b|\bMODEL_CAPACITY_EXHAUSTED\b/i,
  },
  // Gemini's InvalidStreamError (issue 23): "[API Error: Model stream ended with an invalid chunk or missing finish
  // reason.]" (report-gemini-stream-invalid-chunk, google-gemini/gemini-cli#8567).
  {
    reason: 'stream_disconnected',
    kind: 'transient',
    re: /\bModel stream ended with an invalid chunk\b|\bstream ended with an invalid chunk or missing finish reason\b/i,
  },
];

const DETAIL_CHARS = 300;

function lineAt(text: string, at: number): string {
  const start = text.lastIndexOf('\n', at) + 1;
  const end = text.indexOf('\n', at);
  const line = text.slice(start, end < 0 ? undefined : end).trim();
  return line.length > DETAIL_CHARS ? `${line.slice(0, DETAIL_CHARS - 1)}…` : line;
}

/** The first failure any phrasing recognises in `text` (by precedence, not position), or null. */
export function failureFromText(text: string, source: FailureInfo['source']): FailureInfo | null {
  if (text === '') return null;
  for (const { reason, kind, re } of FAILURE_TEXTS) {
    const at = text.search(re);
    if (at >= 0) return { kind, reason, source, detail: lineAt(text, at) };
  }
  return null;
}

/** A failure from an HTTP status the CLI reported (never 429: that is a limit). */
export function failureFromStatus(status: number, detail: string): FailureInfo | null {
  const f = (kind: FailureKind, reason: FailureReason): FailureInfo => ({
    kind,
    reason,
    source: 'api_status',
    detail: detail.length > DETAIL_CHARS ? `${detail.slice(0, DETAIL_CHARS - 1)}…` : detail,
  });
  if (status === 401 || status === 403) return f('fatal', 'authentication');
  if (status === 402) return f('fatal', 'billing');
  if (status === 404) return f('fatal', 'model_not_found');
  if (status === 529) return f('transient', 'overloaded');
  if (status >= 500 && status <= 599) return f('transient', 'server_error');
  if (status === 408) return f('transient', 'network');
  return null;
}

/** Either the status, when it names a failure, or the text; a text naming a fatal cause wins over a 5xx status. */
export function failureFrom(
  status: number | null,
  text: string,
  source: FailureInfo['source'],
): FailureInfo | null {
  const byText = failureFromText(text, source);
  if (byText?.kind === 'fatal') return byText;
  return (status === null ? null : failureFromStatus(status, text)) ?? byText;
}

/** Some failure, with unknown wording: the agent said the session ended in error. */
export const errorResult = (detail: string, source: FailureInfo['source']): FailureInfo => ({
  kind: 'error',
  reason: 'error_result',
  source,
  detail: detail.length > DETAIL_CHARS ? `${detail.slice(0, DETAIL_CHARS - 1)}…` : detail,
});

/**
 * Exit codes a CLI documents for fatal start-up failures. Gemini CLI: 41 FatalAuthenticationError (a bad or missing
 * auth choice), 52 FatalConfigError, 55 untrusted folder (checked with gemini-cli 0.61.0, see FIELD-NOTES).
 */
export function geminiExitFailure(code: number | null, text: string): FailureInfo | null {
  const detail = (fallback: string): string =>
    lineAt(text, Math.max(0, text.search(/\S[^\n]*$/))) || fallback;
  if (code === 41) {
    const byText = failureFromText(text, 'exit_code');
    if (byText?.reason === 'authentication') return byText;
    return {
      kind: 'fatal',
      reason: 'bad_auth_choice',
      source: 'exit_code',
      detail: detail('exit 41: authentication failed or no auth method chosen'),
    };
  }
  if (code === 55)
    return {
      kind: 'fatal',
      reason: 'untrusted_folder',
      source: 'exit_code',
      detail: detail('exit 55: the working folder is not trusted'),
    };
  if (code === 52)
    return {
      kind: 'fatal',
      reason: 'agent_refused',
      source: 'exit_code',
      detail: detail('exit 52: configuration error'),
    };
  return null;
}

const CRASH_LINE =
  /^(?:Uncaught )?[A-Z]\w*(?:Error|Exception)\b|^\s+at .+:\d+(?::\d+)?\)?$|panicked at|^Traceback \(most recent call last\)|^Segmentation fault|^Aborted/;

/**
 * A crash: no final result, a non-zero exit of the agent's own (not a signal), and the CLI's plain-text output
 * shows an exception or stack trace. The detail is the error's message line.
 */
export function crashFailure(
  plainText: readonly string[],
  exit: { code: number | null; signal: string | null } | undefined,
): FailureInfo | null {
  if (exit === undefined || exit.signal !== null || exit.code === null || exit.code === 0) return null;
  let message: string | null = null;
  let trace = false;
  for (const line of plainText) {
    if (!CRASH_LINE.test(line)) continue;
    trace = true;
    if (message === null && !/^\s+at /.test(line)) message = line;
  }
  if (!trace) return null;
  const detail = message ?? plainText.find((l) => CRASH_LINE.test(l)) ?? `exit ${exit.code}`;
  return {
    kind: 'error',
    reason: 'crash',
    source: 'stderr',
    detail: detail.length > DETAIL_CHARS ? `${detail.slice(0, DETAIL_CHARS - 1)}…` : detail,
  };
}
