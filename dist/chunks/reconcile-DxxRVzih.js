import { o as openInputFile, F as openInputFileSync } from './input-file-Cbt1w_j3.js';
import { H as HarnessError, E as EXIT } from './exit-codes-BkuRLrXJ.js';
import { stat } from 'node:fs/promises';
import 'node:path';
import { b as compilePattern } from './load-Bmhg6nfv.js';
import { closeSync, readSync, createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { a as rememberSha256, c as compressionOf, s as sha256File, d as decompressorFor, t as transcriptFiles } from './paths-CsbkJmHS.js';
import { i as emptyMetrics, E as EVENT_LOG_VERSION } from './harness-files-B0x0nX25.js';
import 'node:child_process';
import { createHash } from 'node:crypto';
import { e as errorLine } from './error-line-D30764DK.js';
import { d as parseObject, a as asString, f as asObject, g as tailRecords, b as asNumber, h as asText, i as parseLineLenient, j as truncate, k as findEmbeddedObjects, l as lastJsonEvent, m as lastChars, T as TEXT_WINDOW_CHARS, R as RESULT_TEXT_CHARS, n as errorMessages, o as tailLines, q as lastNonEmptyLine, C as CUT_SHORT, s as loopKey, t as transcriptName, c as transcriptSlot, p as parseEventLine } from './store-jcKbTIeG.js';
import 'node:buffer';
import 'node:os';
import './worker-agent-CEPc612X.js';
import 'node:stream';
import { pipeline } from 'node:stream/promises';
import 'node:zlib';
import { Worker } from 'node:worker_threads';
import { w as withChunkReader, R as READ_CHUNK, S as SYNC_READ_MAX, f as fillAt } from './chunk-reader-0BRVJma9.js';
import { W as WIDE_TAIL_BYTES, T as TAIL_BYTES, d as decodeTail } from './tail-CzdcGSBg.js';

const textAgentText = (line) => [line];
function structured(parts) {
  return (line) => {
    const trimmed = line.trim();
    if (!trimmed.startsWith("{")) return null;
    const event = parseObject(trimmed);
    if (event === null) return null;
    const out = [];
    parts(event, out);
    return out.length > 0 ? out : null;
  };
}
const claudeAgentText = structured(claudeParts);
function claudeParts(event, out) {
  if (event.type === "result") {
    pushString(event.result, out);
    return;
  }
  if (event.type !== "assistant" && event.type !== "user") return;
  const content = asObject(event.message)?.content;
  if (!Array.isArray(content)) return;
  for (const entry of content) {
    const block = asObject(entry);
    if (block === null) continue;
    if (event.type === "assistant" && block.type === "text") pushString(block.text, out);
    else if (event.type === "assistant" && block.type === "tool_use") {
      pushString(block.name, out);
      collectStrings(block.input, out);
    } else if (event.type === "user" && block.type === "tool_result") collectStrings(block.content, out);
  }
}
const codexAgentText = structured(codexParts);
function codexParts(event, out) {
  if (event.type !== "item.completed") return;
  const item = asObject(event.item);
  if (item === null || item.type === "reasoning" || item.type === "error") return;
  for (const [key, value] of Object.entries(item)) {
    if (key !== "id" && key !== "type" && key !== "status") collectStrings(value, out);
  }
}
const geminiAgentText = structured(geminiParts);
function geminiParts(event, out) {
  if (event.type === "message" && event.role === "assistant") pushString(event.content, out);
  else if (event.type === "tool_use") {
    pushString(event.tool_name, out);
    collectStrings(event.parameters, out);
  } else if (event.type === "tool_result") {
    pushString(event.output, out);
    collectStrings(asObject(event.error)?.message, out);
  }
}
function pushString(value, out) {
  const text = asString(value);
  if (text !== null && text !== "") out.push(text);
}
function collectStrings(value, out, depth = 0) {
  if (typeof value === "string") pushString(value, out);
  else if (depth >= 16 || typeof value !== "object" || value === null) return;
  else if (Array.isArray(value)) for (const entry of value) collectStrings(entry, out, depth + 1);
  else for (const entry of Object.values(value)) collectStrings(entry, out, depth + 1);
}

function tally(shape, turn) {
  shape.turns++;
  if (turn.text && turn.tools === 0) shape.narration_turns++;
  if (turn.tools >= 2) shape.parallel_turns++;
}

const ASSISTANT = '"type":"assistant"';
const INIT = '"subtype":"init"';
const OPEN_MESSAGES = 8;
const HEAD = /^\{"type":"assistant","message":\{"id":"([^"\\]+)","type":"message","role":"assistant","model":"([^"\\]*)","content":\[(?:\{"type":"([a-z_]+)")?/;
const MARKS = /"(?:type":"(tool_use|text)"|parent_tool_use_id":")/g;
let markedLine = null;
const marks = { tools: 0, texts: 0, subAgent: false };
function lineMarks(line) {
  if (line === markedLine) return marks;
  marks.tools = 0;
  marks.texts = 0;
  marks.subAgent = false;
  MARKS.lastIndex = 0;
  for (let m = MARKS.exec(line); m !== null; m = MARKS.exec(line)) {
    if (m[1] === "tool_use") marks.tools++;
    else if (m[1] === "text") marks.texts++;
    else marks.subAgent = true;
  }
  markedLine = line;
  return marks;
}
const QUOTE = 34;
const BACKSLASH = 92;
const ESCAPED_ID = 12;
function mayHoldMessageId(line) {
  let depth = 0;
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c === QUOTE) {
      const end = stringEnd(line, i);
      if (end === -1) return true;
      if (depth === 2) {
        const raw = end - i - 1;
        if (raw === 2 && line.startsWith("id", i + 1)) return true;
        if (raw <= ESCAPED_ID && line.slice(i + 1, end).includes("\\u")) return true;
      }
      i = end;
    } else if (c === 123 || c === 91) depth++;
    else if (c === 125 || c === 93) depth--;
  }
  return false;
}
function stringEnd(line, start) {
  for (let end = line.indexOf('"', start + 1); end !== -1; end = line.indexOf('"', end + 1)) {
    let k = end - 1;
    while (line.charCodeAt(k) === BACKSLASH) k--;
    if ((end - 1 - k) % 2 === 0) return end;
  }
  return -1;
}
function assistantEvent(line) {
  const head = HEAD.exec(line.length > 1024 ? line.slice(0, 1024) : line);
  const type = head?.[3];
  const { tools, texts } = lineMarks(line);
  if (head?.[1] !== void 0 && tools + texts <= 1) {
    return { id: head[1], model: head[2] ?? "", text: type === "text", tools: type === "tool_use" ? 1 : 0 };
  }
  if (!line.includes('"id"') && !line.includes("\\u") || !mayHoldMessageId(line)) return null;
  const event = parseObject(line.trim());
  if (event?.type !== "assistant") return null;
  const message = asObject(event.message);
  const id = asString(message?.id);
  if (message === null || id === null) return null;
  const content = Array.isArray(message.content) ? message.content : [];
  let text = false;
  let calls = 0;
  for (const c of content) {
    const block = asObject(c);
    if (block?.type === "tool_use") calls++;
    else if (block?.type === "text" && (asString(block.text) ?? "").trim() !== "") text = true;
  }
  return { id, model: asString(message.model) ?? "", text, tools: calls };
}
function claudeTurnCounter() {
  const open = /* @__PURE__ */ new Map();
  const shape = { turns: 0, narration_turns: 0, parallel_turns: 0 };
  let model = null;
  let initModel = null;
  const close = (m) => tally(shape, m);
  return {
    line(line) {
      const head = line.trimStart();
      const typed = head.startsWith('{"type":"');
      if (typed ? !head.startsWith('{"type":"assistant"') : !line.includes(ASSISTANT)) {
        if (initModel === null && (!typed || head.startsWith('{"type":"system"')) && line.includes(INIT)) {
          const event2 = parseObject(head);
          if (event2?.type === "system" && event2.subtype === "init") initModel = asString(event2.model);
        }
        return;
      }
      if (lineMarks(head).subAgent) return;
      const event = assistantEvent(head);
      if (event === null || event.model === "<synthetic>") return;
      if (model === null && event.model !== "") model = event.model;
      const known = open.get(event.id);
      if (known !== void 0) {
        known.text ||= event.text;
        known.tools += event.tools;
        return;
      }
      if (open.size >= OPEN_MESSAGES) {
        const [oldest, message] = open.entries().next().value;
        open.delete(oldest);
        close(message);
      }
      open.set(event.id, { text: event.text, tools: event.tools });
    },
    result() {
      const total = { ...shape };
      for (const m of open.values()) tally(total, m);
      return { ...total, model: initModel ?? model };
    }
  };
}

const FAILURE_TEXTS = [
  {
    reason: "authentication",
    kind: "fatal",
    re: /invalid api key|invalid x-api-key|incorrect api key|api key not valid|API_KEY_INVALID|authentication_error|authentication_failed|OAuth token (?:has )?(?:expired|been revoked)|Please run \/login|\bUNAUTHENTICATED\b|\b401 Unauthorized\b|status(?: code)?:? 401\b|\(401\)/i
  },
  {
    reason: "billing",
    kind: "fatal",
    re: /credit balance (?:is )?too low|billing_error|insufficient_quota|\b402 Payment Required\b|status(?: code)?:? 402\b|billing (?:details|account) (?:is |are )?(?:not|in)/i
  },
  {
    reason: "model_not_found",
    kind: "fatal",
    re: /model_not_found|\bmodel [`'"]?[\w.:/-]+[`'"]? (?:was )?(?:not found|does not exist|is not supported|is not available)|(?:unknown|invalid) model\b|not_found_error[^\n]{0,80}\bmodel\b|models\/[\w.-]+ is not found/i
  },
  {
    reason: "untrusted_folder",
    kind: "fatal",
    re: /untrusted (?:folder|workspace|directory)|not running in a trusted (?:folder|workspace|directory)|not (?:a )?trusted (?:folder|workspace|directory)|(?:folder|workspace|directory) is not trusted/i
  },
  {
    reason: "bad_auth_choice",
    kind: "fatal",
    re: /Please set an Auth method|(?:invalid|unsupported|unknown) auth(?:entication)? (?:method|type|choice)|auth(?:entication)? (?:method|type) [^\n]{0,40}(?:not (?:set|supported|valid))|When using Gemini API, you must specify the GEMINI_API_KEY/i
  },
  {
    reason: "agent_refused",
    kind: "fatal",
    re: /cannot be launched inside another Claude Code session|--dangerously-skip-permissions cannot be used with root/i
  },
  // The key expired, or the login was refused in other words: "Your API key has expired" (ozten/blacksmith
  // src/ratelimit.rs test_auth_failure_expired_key; case peer-api-key-expired), "Authentication failed: invalid
  // token" at the start of a line (mikeyobrien/ralph-orchestrator tests/test_error_formatter.py, legacy v1; case
  // peer-orch-authentication-failed).
  {
    reason: "authentication",
    kind: "fatal",
    re: /\bapi key (?:has |is )?(?:expired|been revoked)\b|^\s*(?:(?:api )?error:\s*)?authentication failed\b/im
  },
  // Out of credits, or a plan without the model, and no reset named: no wait lifts it. "Please purchase more credits
  // to continue.", "Upgrade to Pro to continue using this model." (ozten/blacksmith src/ratelimit.rs
  // test_codex_quota_purchase_credits, test_codex_quota_upgrade_to_pro; cases peer-codex-purchase-more-credits,
  // peer-codex-upgrade-to-pro-for-model). Codex's usage limit names both too, with a time to try again; limits are
  // read first.
  {
    reason: "billing",
    kind: "fatal",
    re: /\bpurchase more credits\b|\bupgrade to (?:pro|plus|team|max)\b[^\n]{0,60}\bto continue\b/i
  },
  // OAuth sessions whose refresh failed (issue 23): Codex "Your access token could not be refreshed because your
  // refresh token was already used" (report-codex-refresh-token-used, openai/codex#9634), Gemini's cached OAuth
  // credentials refused with `invalid_grant` (report-gemini-oauth-invalid-grant).
  {
    reason: "authentication",
    kind: "fatal",
    re: /access token could not be refreshed|refresh token (?:was|has) (?:already been used|already used|been revoked)|\binvalid_grant\b/i
  },
  // `codex exec` outside a trusted (git) directory (issue 23): "Not inside a trusted directory and
  // --skip-git-repo-check was not specified." (report-codex-untrusted-directory, openai/codex#7522).
  { reason: "untrusted_folder", kind: "fatal", re: /\bNot inside a trusted directory\b/i },
  {
    reason: "overloaded",
    kind: "transient",
    re: /overloaded_error|(?<![:.\d])\b529\b(?![:.]\d)|\boverloaded\b|experiencing high demand/i
  },
  {
    reason: "stream_disconnected",
    kind: "transient",
    re: /stream disconnected|stream closed before|stream ended (?:unexpectedly|before)|premature close|\bterminated\b(?= *$)/im
  },
  {
    reason: "server_error",
    kind: "transient",
    re: /internal server error|(?<![:.\d])\b(?:500|502|503|504)\b(?![:.]\d)[^\n]{0,40}(?:error|unavailable|gateway|timeout)|(?:status|error)(?: code)?:? ?\(?(?:500|502|503|504)\b|\bapi_error\b|service unavailable|bad gateway|gateway time-?out|"status": ?"(?:UNAVAILABLE|INTERNAL)"|\bserver_error\b/i
  },
  {
    reason: "network",
    kind: "transient",
    re: /\b(?:ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENOTFOUND|EAI_AGAIN|ENETUNREACH|EHOSTUNREACH|EPIPE)\b|socket hang up|fetch failed|network error|connection error|connection (?:reset|refused|closed|failed)|error sending request|request timed out|timed out waiting/i
  },
  // A model without capacity is an overload, not the user's limit (issue 23): Codex "Selected model is at capacity.
  // Please try a different model." (report-codex-model-at-capacity, openai/codex#19446), Gemini "No capacity
  // available for model ... on the server" / MODEL_CAPACITY_EXHAUSTED (report-gemini-no-capacity*). See
  // CAPACITY_TEXTS in limit-text.ts, which keeps the 429 around such a message from reading as a limit.
  {
    reason: "overloaded",
    kind: "transient",
    re: /\bSelected model is at capacity\b|\bNo capacity available for model\b|\bMODEL_CAPACITY_EXHAUSTED\b/i
  },
  // Gemini's InvalidStreamError (issue 23): "[API Error: Model stream ended with an invalid chunk or missing finish
  // reason.]" (report-gemini-stream-invalid-chunk, google-gemini/gemini-cli#8567).
  {
    reason: "stream_disconnected",
    kind: "transient",
    re: /\bModel stream ended with an invalid chunk\b|\bstream ended with an invalid chunk or missing finish reason\b/i
  }
];
const DETAIL_CHARS = 300;
function lineAt(text, at) {
  const start = text.lastIndexOf("\n", at) + 1;
  const end = text.indexOf("\n", at);
  const line = text.slice(start, end < 0 ? void 0 : end).trim();
  return line.length > DETAIL_CHARS ? `${line.slice(0, DETAIL_CHARS - 1)}\u2026` : line;
}
function failureFromText(text, source) {
  if (text === "") return null;
  for (const { reason, kind, re } of FAILURE_TEXTS) {
    const at = text.search(re);
    if (at >= 0) return { kind, reason, source, detail: lineAt(text, at) };
  }
  return null;
}
function failureFromStatus(status, detail) {
  const f = (kind, reason) => ({
    kind,
    reason,
    source: "api_status",
    detail: detail.length > DETAIL_CHARS ? `${detail.slice(0, DETAIL_CHARS - 1)}\u2026` : detail
  });
  if (status === 401 || status === 403) return f("fatal", "authentication");
  if (status === 402) return f("fatal", "billing");
  if (status === 404) return f("fatal", "model_not_found");
  if (status === 529) return f("transient", "overloaded");
  if (status >= 500 && status <= 599) return f("transient", "server_error");
  if (status === 408) return f("transient", "network");
  return null;
}
function failureFrom(status, text, source) {
  const byText = failureFromText(text, source);
  if (byText?.kind === "fatal") return byText;
  return (status === null ? null : failureFromStatus(status, text)) ?? byText;
}
const errorResult = (detail, source) => ({
  kind: "error",
  reason: "error_result",
  source,
  detail: detail.length > DETAIL_CHARS ? `${detail.slice(0, DETAIL_CHARS - 1)}\u2026` : detail
});
function geminiExitFailure(code, text) {
  const detail = (fallback) => lineAt(text, Math.max(0, text.search(/\S[^\n]*$/))) || fallback;
  if (code === 41) {
    const byText = failureFromText(text, "exit_code");
    if (byText?.reason === "authentication") return byText;
    return {
      kind: "fatal",
      reason: "bad_auth_choice",
      source: "exit_code",
      detail: detail("exit 41: authentication failed or no auth method chosen")
    };
  }
  if (code === 55)
    return {
      kind: "fatal",
      reason: "untrusted_folder",
      source: "exit_code",
      detail: detail("exit 55: the working folder is not trusted")
    };
  if (code === 52)
    return {
      kind: "fatal",
      reason: "agent_refused",
      source: "exit_code",
      detail: detail("exit 52: configuration error")
    };
  return null;
}
const CRASH_LINE = /^(?:Uncaught )?[A-Z]\w*(?:Error|Exception)\b|^\s+at .+:\d+(?::\d+)?\)?$|panicked at|^Traceback \(most recent call last\)|^Segmentation fault|^Aborted/;
function crashFailure(plainText, exit) {
  if (exit === void 0 || exit.signal !== null || exit.code === null || exit.code === 0) return null;
  let message = null;
  let trace = false;
  for (const line of plainText) {
    if (!CRASH_LINE.test(line)) continue;
    trace = true;
    if (message === null && !/^\s+at /.test(line)) message = line;
  }
  if (!trace) return null;
  const detail = message ?? plainText.find((l) => CRASH_LINE.test(l)) ?? `exit ${exit.code}`;
  return {
    kind: "error",
    reason: "crash",
    source: "stderr",
    detail: detail.length > DETAIL_CHARS ? `${detail.slice(0, DETAIL_CHARS - 1)}\u2026` : detail
  };
}

const RATE_LIMIT_EVENT = /\{\s*"type"\s*:\s*"rate_limit_event"/;
function scan$3(tail, complete) {
  const s = {
    result: null,
    plainText: [],
    modelOutput: false,
    assistantError: null,
    assistantErrorText: "",
    retry: null,
    model: null,
    initModel: null
  };
  for (const record of tailRecords(tail, complete, (line) => parseLineLenient(line, RATE_LIMIT_EVENT))) {
    if ("text" in record) {
      s.plainText.push(record.text);
      continue;
    }
    const event = record.event;
    if (event.type === "result") s.result = event;
    else if (event.type === "assistant") {
      const message = asObject(event.message);
      const error = asString(event.error);
      if (error !== null || message?.model === "<synthetic>") {
        s.assistantError = error ?? s.assistantError;
        s.assistantErrorText = contentText(message);
      } else {
        if (hasContent(message) || (asNumber(asObject(message?.usage)?.output_tokens) ?? 0) > 0)
          s.modelOutput = true;
        s.model = asString(message?.model) ?? s.model;
      }
    } else if (event.type === "user" && hasToolResult(asObject(event.message))) s.modelOutput = true;
    else if (event.type === "system" && event.subtype === "api_retry") s.retry = event;
    else if (event.type === "system" && event.subtype === "init") s.initModel = asString(event.model);
  }
  return s;
}
function hasContent(message) {
  const content = message?.content;
  if (typeof content === "string") return content.trim() !== "";
  if (!Array.isArray(content)) return false;
  return content.some((c) => {
    const block = asObject(c);
    if (block === null) return false;
    if (block.type === "text") return (asString(block.text) ?? "").trim() !== "";
    return block.type === "tool_use" || block.type === "server_tool_use";
  });
}
function hasToolResult(message) {
  const content = message?.content;
  return Array.isArray(content) && content.some((c) => asObject(c)?.type === "tool_result");
}
function contentText(message) {
  const content = message?.content;
  if (!Array.isArray(content)) return "";
  return content.map((c) => asString(asObject(c)?.text) ?? "").filter((t) => t !== "").join("\n");
}
function statusOf(value) {
  const n = typeof value === "string" ? Number(value) : asNumber(value);
  return n !== null && Number.isInteger(n) && n > 0 ? n : null;
}
function retryLabel(retry) {
  return `api_retry ${asText(retry.attempt, "?")}/${asText(retry.max_retries, "?")}`;
}

const ASSISTANT_ERRORS = {
  authentication_failed: "authentication",
  billing_error: "billing",
  server_error: "server_error"
};
function failureOf$4(s, resultText, stderrText, exit) {
  const { result } = s;
  if (result !== null) {
    const text = resultText ?? asString(result.subtype) ?? "error result";
    const found = failureFrom(statusOf(result.api_error_status), text, "result") ?? fromAssistantError(s);
    if (found !== null) return found;
    const retried = retryFailure(s);
    return retried ?? errorResult(`${asText(result.subtype, "result")}: ${text}`, "result");
  }
  return fromAssistantError(s) ?? failureFromText(s.assistantErrorText, "error_event") ?? retryFailure(s) ?? failureFromText(stderrText, "stderr") ?? crashFailure(s.plainText, exit);
}
function fromAssistantError(s) {
  if (s.assistantError === null) return null;
  const reason = ASSISTANT_ERRORS[s.assistantError];
  const detail = truncate(s.assistantErrorText || s.assistantError, 300);
  const byText = failureFromText(s.assistantErrorText, "error_event");
  if (byText !== null) return byText;
  if (reason === void 0) return null;
  return {
    kind: reason === "server_error" ? "transient" : "fatal",
    reason,
    source: "error_event",
    detail: `${s.assistantError}: ${detail}`
  };
}
function retryFailure(s) {
  if (s.retry === null) return null;
  const status = statusOf(s.retry.error_status);
  const detail = `${retryLabel(s.retry)}: ${asText(status)} ${asText(s.retry.error)}`;
  const byStatus = status === null ? null : failureFromStatus(status, detail);
  if (byStatus !== null) return byStatus;
  if (status === null) return failureFromText(asText(s.retry.error), "api_status");
  return null;
}

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
const DAY_MS = 864e5;
const epochSecondsToMs = (seconds) => Math.round(seconds * 1e3);
function parseResetTime(text, nowMs, defaultZone = "UTC") {
  return parseEpochSuffix(text) ?? parseResetField(text, nowMs) ?? parseIsoTimestamp(text) ?? parseRetryAfter(text, nowMs) ?? parseRelative(text, nowMs) ?? parseWaitFor(text, nowMs) ?? parseWallClock(text, nowMs, defaultZone);
}
function parseEpochSuffix(text) {
  const m = /limit reached\s*\|\s*(\d{9,13})\b/i.exec(text);
  if (!m?.[1]) return null;
  const n = Number(m[1]);
  return m[1].length >= 13 ? n : epochSecondsToMs(n);
}
function parseResetField(text, nowMs) {
  const at = /"resets_at"\s*:\s*(\d{10,13})\b/.exec(text);
  if (at?.[1]) return at[1].length >= 13 ? Number(at[1]) : epochSecondsToMs(Number(at[1]));
  const inSeconds = /"resets_in_seconds"\s*:\s*(\d+(?:\.\d+)?)/.exec(text);
  if (inSeconds?.[1]) return nowMs + Math.round(Number(inSeconds[1]) * 1e3);
  return null;
}
function parseRetryAfter(text, nowMs) {
  const seconds = /\bretry[-_ ]?after["']?\s*[:=]\s*["']?(\d+(?:\.\d+)?)(?:\s*s(?:ec(?:ond)?s?)?)?\b(?![-:/])/i.exec(text);
  if (seconds?.[1]) return nowMs + Math.round(Number(seconds[1]) * 1e3);
  const delay = /"retryDelay"\s*:\s*"(\d+(?:\.\d+)?)s"/.exec(text);
  if (delay?.[1]) return nowMs + Math.round(Number(delay[1]) * 1e3);
  const date = /\bretry[-_ ]?after["']?\s*[:=]\s*["']?((?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} GMT)/i.exec(
    text
  );
  if (date?.[1]) {
    const ms = Date.parse(date[1]);
    return Number.isNaN(ms) ? null : ms;
  }
  return null;
}
function parseIsoTimestamp(text) {
  const m = /\b(?:resets?(?:\s+at)?|try again at|retry at|until)\s*:?\s*(\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)(Z|[+-]\d{2}:?\d{2})?/i.exec(
    text
  );
  if (!m?.[1]) return null;
  const ms = Date.parse(`${m[1].replace(" ", "T")}${m[2] ?? "Z"}`);
  return Number.isNaN(ms) ? null : ms;
}
const UNIT_MS = [
  [/^d(?:ays?)?$/i, DAY_MS],
  [/^h(?:(?:ou)?rs?)?$/i, 36e5],
  [/^m(?:in(?:ute)?s?)?$/i, 6e4],
  [/^s(?:ec(?:ond)?s?)?$/i, 1e3]
];
const DURATION_PART = String.raw`\d+(?:\.\d+)?\s*(?:days?|d|hours?|hrs?|h|minutes?|mins?|m|seconds?|secs?|s)(?![a-z])`;
const RELATIVE_RE = new RegExp(
  String.raw`\b(?:in|after)\s+((?:${DURATION_PART}(?:\s*,?\s*(?:and\s+)?)?)+|less than a minute)`,
  "i"
);
function parseRelative(text, nowMs) {
  const m = RELATIVE_RE.exec(text);
  if (!m?.[1]) return null;
  if (/^less than a minute$/i.test(m[1])) return nowMs + 6e4;
  let total = 0;
  for (const part of m[1].matchAll(/(\d+(?:\.\d+)?)\s*([a-z]+)/gi)) {
    const unit = UNIT_MS.find(([re]) => re.test(part[2] ?? ""));
    if (unit) total += Number(part[1]) * unit[1];
  }
  return total > 0 ? nowMs + Math.round(total) : null;
}
const WAIT_FOR_RE = /\b(?:wait|in)\s+(?:(?:about|around|roughly|approximately)\s+)?(\d+(?:\.\d+)?|an?)\s*(seconds?|secs?|minutes?|mins?|hours?|hrs?)\b/i;
function parseWaitFor(text, nowMs) {
  const m = WAIT_FOR_RE.exec(text);
  if (!m?.[1] || !m[2]) return null;
  const count = /^an?$/i.test(m[1]) ? 1 : Number(m[1]);
  const unit = UNIT_MS.find(([re]) => re.test(m[2] ?? ""));
  return unit && count > 0 ? nowMs + Math.round(count * unit[1]) : null;
}
const WALL_CLOCK_RE = new RegExp(
  [
    String.raw`\b(?:resets?|try again|retry)(?:\s+at)?\s+`,
    // Optional date, as Claude ("Jan 5, 3pm", "Jan 5, 2027, 3pm") and Codex ("Sep 25th, 2025 3:05 PM") print it.
    String.raw`(?:(${MONTHS.join("|")})[a-z]*\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(?:(\d{4}),?\s+)?(?:at\s+)?)?`,
    String.raw`(\d{1,2})(?::(\d{2}))?\s*(?:([ap])\.?\s?m\b\.?)?`,
    String.raw`(?:\s*\(([^)]+)\)|\s+(UTC|GMT|Z)\b|\s+([A-Za-z]+\/[A-Za-z_]+(?:\/[A-Za-z_]+)?))?`
  ].join(""),
  "i"
);
function parseWallClock(text, nowMs, defaultZone) {
  const m = WALL_CLOCK_RE.exec(text);
  if (!m) return null;
  const [, monthName, dayText, yearText, hourText, minuteText, meridiem, parenZone, utcZone, bareZone] = m;
  if (minuteText === void 0 && meridiem === void 0) return null;
  let hour = Number(hourText);
  const minute = minuteText === void 0 ? 0 : Number(minuteText);
  if (meridiem !== void 0) {
    if (hour < 1 || hour > 12) return null;
    hour = hour % 12 + (meridiem.toLowerCase() === "p" ? 12 : 0);
  }
  if (hour > 23 || minute > 59) return null;
  const zone = resolveZone(parenZone ?? utcZone ?? bareZone ?? defaultZone);
  const today = zonedDate(nowMs, zone);
  if (monthName !== void 0 && dayText !== void 0) {
    const month = MONTHS.indexOf(monthName.toLowerCase().slice(0, 3)) + 1;
    const day = Number(dayText);
    if (yearText !== void 0) return zonedToEpoch(Number(yearText), month, day, hour, minute, zone);
    const thisYear = zonedToEpoch(today.year, month, day, hour, minute, zone);
    return thisYear >= nowMs - DAY_MS ? thisYear : zonedToEpoch(today.year + 1, month, day, hour, minute, zone);
  }
  const candidate = zonedToEpoch(today.year, today.month, today.day, hour, minute, zone);
  if (candidate > nowMs) return candidate;
  const next = new Date(Date.UTC(today.year, today.month - 1, today.day + 1));
  return zonedToEpoch(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), hour, minute, zone);
}
function resolveZone(name) {
  const trimmed = name.trim();
  if (/^(?:utc|gmt|z)$/i.test(trimmed)) return "UTC";
  try {
    return formatterFor(trimmed).resolvedOptions().timeZone;
  } catch {
    return "UTC";
  }
}
const formatters = /* @__PURE__ */ new Map();
function formatterFor(zone) {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric"
    });
    formatters.set(zone, f);
  }
  return f;
}
function zonedDate(ms, zone) {
  const parts = {};
  for (const p of formatterFor(zone).formatToParts(new Date(ms))) {
    if (p.type !== "literal") parts[p.type] = Number(p.value);
  }
  return {
    year: parts.year ?? 1970,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: (parts.hour ?? 0) % 24,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0
  };
}
function zoneOffset(ms, zone) {
  const p = zonedDate(ms, zone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(ms / 1e3) * 1e3;
}
function zonedToEpoch(year, month, day, hour, minute, zone) {
  const naive = Date.UTC(year, month - 1, day, hour, minute);
  const first = naive - zoneOffset(naive, zone);
  const second = naive - zoneOffset(first, zone);
  if (second === first) return first;
  const shows = (t) => {
    const p = zonedDate(t, zone);
    return p.hour === hour && p.minute === minute;
  };
  if (shows(second)) return second;
  if (shows(first)) return first;
  return Math.max(first, second);
}

const USAGE_LIMIT_TEXTS = [
  /usage limit reached/i,
  // "5-hour limit reached", "Session limit reached", "Opus weekly limit reached", "Rate limit reached"; not Claude's
  // "Context limit reached" or a turn, token or retry limit, which no wait lifts.
  /(?<!\b(?:context|token|tokens|turn|turns|output|length|size|retry|time|recursion|max)[ _-])\blimit (?:reached|exceeded)\b/i,
  // "hit your limit", "hit your usage limit", "hit your session limit", "hit your monthly spend limit"
  /\bhit your (?:[\w-]+ ){0,3}limit\b/i,
  /\bout of (?:extra |included )?usage\b/i,
  /\bexceeded your (?:[\w-]+ ){0,3}(?:limit|quota)\b/i,
  /\busage_limit_reached\b|\brate_limit_exceeded\b|\brate_limit_error\b/i,
  // "You've reached your 5-hour usage limit for Claude." (frankbria/ralph-claude-code tests/helpers/fixtures.bash and
  // tests/e2e/test_full_loop.bats; cases peer-ralph-5-hour-limit-output, peer-ralph-5-hour-limit-e2e). Only the
  // limits a wait lifts: not "reached your context limit".
  /\breached your (?:[\w-]+ ){0,2}(?:usage|rate|session|weekly|daily|monthly|hourly|\d+-hour|plan) limit\b/i,
  // "Your limit resets at 2026-02-17T00:00:00 UTC" (ozten/blacksmith src/ratelimit.rs at 1a40bb0,
  // test_error_result_with_resets_utc; case peer-limit-resets-at-utc).
  /\b(?:your|usage|rate|session|weekly) limit (?:will )?resets?\b/i
];
const FIRM_API_LIMIT_TEXTS = [
  /Request rejected \(429\)/i,
  /\brate[ _-]?limit(?:ed)?\s*:\s*too many requests/i,
  /\b429 Too Many Requests\b|"code":\s*429\b|(?:status|status code|error_status)[:=]?\s*"?429\b|\(429\)|\b429\b[^\n]{0,20}retry-after/i,
  /\bRESOURCE_EXHAUSTED\b/,
  /\bquota (?:exceeded|exhausted)\b|\bexhausted your (?:capacity|quota)\b/i,
  // The session itself was throttled: "You have been rate limited. Please try again." (ozten/blacksmith
  // src/ratelimit.rs test_error_result_with_rate_limit_detected; case peer-rate-limited-please-try-again). Not a
  // description such as "the endpoint is rate limited to 10 requests per second".
  /\b(?:been|being|got|getting|you(?:'re| are)) rate[ _-]?limited\b/i,
  // The error type given as the message, "error: rate_limit" (or the field, "error":"rate_limit") (ozten/blacksmith
  // src/ratelimit.rs test_error_result_with_rate_limit_json_error; case peer-error-rate-limit).
  /\berror["']?\s*:\s*["']?rate[_ -]?limit(?:ed|_error|_exceeded)?\b/i,
  // Claude Code's answer to a 429 rate_limit_error (issue 23): "API Error: Server is temporarily limiting requests
  // (not your usage limit) · Rate limited" (report-claude-server-limiting-*, anthropics/claude-code#63014, #64905):
  // a throttle with no reset time, waited out with backoff.
  /\bServer is temporarily limiting requests\b/i
];
const API_LIMIT_TEXTS = [
  /\b429\b/,
  /too many requests/i,
  /\brate[ _-]?limit(?:ed|s)?\b/i,
  /\bquota\b/i
];
const CAPACITY_TEXTS = [
  /\bSelected model is at capacity\b/i,
  /\bNo capacity available for model\b/i,
  /\bMODEL_CAPACITY_EXHAUSTED\b/
];
function findText(text, patterns) {
  for (const re of patterns) {
    const at = text.search(re);
    if (at < 0) continue;
    const lineStart = text.lastIndexOf("\n", at) + 1;
    const lineEnd = text.indexOf("\n", at);
    const line = text.slice(lineStart, lineEnd < 0 ? void 0 : lineEnd).trim();
    return { line: line.length > 300 ? `${line.slice(0, 299)}\u2026` : line, from: text.slice(lineStart) };
  }
  return null;
}
function limitFromText(text, label, options) {
  if (text === "") return null;
  const capacity = findText(text, CAPACITY_TEXTS) !== null;
  const tries = [["usage_text", USAGE_LIMIT_TEXTS]];
  if (!capacity) tries.push(["api_status", FIRM_API_LIMIT_TEXTS]);
  if (options.apiTexts && !capacity) tries.push(["api_status", API_LIMIT_TEXTS]);
  tries.push(["pattern", options.patterns]);
  for (const [source, patterns] of tries) {
    const match = findText(text, patterns);
    if (match === null) continue;
    return {
      source,
      resets_at_ms: parseResetTime(match.from, options.now_ms, options.defaultZone),
      detail: `${label}: ${match.line}`
    };
  }
  return null;
}

function rateLimit$3(s, resultText, stderrText, tail, options) {
  const { result } = s;
  const events = limitEvents(tail);
  const status = statusOf(result?.api_error_status);
  const withEventReset = (found) => found !== null && found.resets_at_ms === null && found.source !== "pattern" ? { ...found, resets_at_ms: events.rejectedResetMs ?? events.latestResetMs } : found;
  if (status === 429) {
    return {
      source: "api_status",
      // A rejected event's epoch is exact to the second; the text ("resets 6:15pm") only to the minute, and
      // waking before the reset would meet the limit again.
      resets_at_ms: events.rejectedResetMs ?? parseResetTime(resultText, options.now_ms) ?? events.latestResetMs,
      detail: `api_error_status 429: ${truncate(resultText, 300)}`
    };
  }
  if (events.rejected.length > 0) {
    return {
      source: "rate_limit_event",
      resets_at_ms: events.rejectedResetMs,
      detail: `rate_limit_event rejected (${events.rejected.join(", ")})`
    };
  }
  if (result !== null) {
    const found = limitFromText(resultText, "result", options);
    if (found !== null) return withEventReset(found);
    if (status !== null) return null;
  }
  if (s.assistantError === "rate_limit") {
    const text = s.assistantErrorText || resultText;
    return withEventReset({
      source: "api_status",
      resets_at_ms: parseResetTime(text, options.now_ms),
      detail: `assistant error rate_limit: ${truncate(text, 300)}`
    });
  }
  if (result === null && s.retry !== null && statusOf(s.retry.error_status) === 429) {
    const delay = asNumber(s.retry.retry_delay_ms);
    return withEventReset({
      source: "api_status",
      resets_at_ms: delay === null ? null : options.now_ms + delay,
      detail: `${retryLabel(s.retry)}: 429 ${asText(s.retry.error)}`.trim()
    });
  }
  return withEventReset(
    limitFromText(s.assistantErrorText, "error", options) ?? (result === null ? limitFromText(stderrText, "output", options) : null)
  );
}
function limitEvents(tail) {
  const latestByType = /* @__PURE__ */ new Map();
  let latestResetMs = null;
  if (!tail.includes("rate_limit_event")) return { rejected: [], rejectedResetMs: null, latestResetMs };
  for (const { value } of findEmbeddedObjects(tail, RATE_LIMIT_EVENT)) {
    const info = asObject(value.rate_limit_info);
    if (info === null) continue;
    latestByType.set(asString(info.rateLimitType) ?? "unknown", info);
    const resetsAt = asNumber(info.resetsAt);
    if (resetsAt !== null) latestResetMs = epochSecondsToMs(resetsAt);
  }
  const rejected = [];
  let rejectedResetMs = null;
  for (const [type, info] of latestByType) {
    if (info.status !== "rejected") continue;
    rejected.push(type);
    const resetsAt = asNumber(info.resetsAt);
    if (resetsAt !== null) rejectedResetMs = Math.max(rejectedResetMs ?? 0, epochSecondsToMs(resetsAt));
  }
  return { rejected, rejectedResetMs, latestResetMs };
}

function didWork(result, resultText) {
  if (result === null) return false;
  if ((resultText ?? "").trim() !== "") return true;
  const outputTokens = asNumber(asObject(result.usage)?.output_tokens) ?? sumModelUsage(result, "outputTokens");
  return (outputTokens ?? 0) > 0 || (asNumber(result.total_cost_usd) ?? 0) > 0;
}
function sumModelUsage(result, key) {
  const models = asObject(result.modelUsage);
  if (models === null) return null;
  let total = null;
  for (const usage of Object.values(models)) {
    const n = asNumber(asObject(usage)?.[key]);
    if (n !== null) total = (total ?? 0) + n;
  }
  return total;
}
function metricsOf$3(result) {
  const usage = asObject(result.usage);
  return {
    ...emptyMetrics(),
    // num_turns counts the model's turns (one per API answer), the meaning `turns` has for every format.
    turns: asNumber(result.num_turns),
    input_tokens: asNumber(usage?.input_tokens) ?? sumModelUsage(result, "inputTokens"),
    output_tokens: asNumber(usage?.output_tokens) ?? sumModelUsage(result, "outputTokens"),
    cost_usd: asNumber(result.total_cost_usd),
    agent_duration_ms: asNumber(result.duration_ms),
    cache_read_tokens: asNumber(usage?.cache_read_input_tokens) ?? sumModelUsage(result, "cacheReadInputTokens"),
    cache_write_tokens: asNumber(usage?.cache_creation_input_tokens) ?? sumModelUsage(result, "cacheCreationInputTokens")
  };
}

const TOOL_USE = '"type":"tool_use"';
function claudeToolCalls(line) {
  const head = line.trimStart();
  if (head.startsWith('{"type":"') && !head.startsWith('{"type":"assistant"')) return 0;
  if (head.startsWith('{"type":"assistant"')) return lineMarks(head).tools;
  if (!line.includes(TOOL_USE)) return 0;
  const event = parseObject(head);
  if (event?.type !== "assistant") return 0;
  const content = asObject(event.message)?.content;
  return Array.isArray(content) ? content.filter((c) => asObject(c)?.type === "tool_use").length : 0;
}
const claudeAdapter = {
  format: "claude",
  agentText: claudeAgentText,
  toolCalls: claudeToolCalls,
  turnShape: claudeTurnCounter,
  // A tool_use block, the init event, or an assistant event with a message id (a key spelt out or \u-escaped).
  lineMarkers: /"type":"tool_use"|"subtype":"init"|"id"|\\u/,
  // num_turns in the final result.
  reportsTurns: true,
  hasFinalResult: (tail) => lastJsonEvent(tail)?.type === "result",
  // `{"type":"system","subtype":"background_tasks_changed","tasks":[...]}` lists every task still running
  // each time the list changes, so the newest one alone tells whether the CLI will take another turn.
  backgroundWork: {
    marker: '"subtype":"background_tasks_changed"',
    running(line) {
      const event = parseObject(line.trim());
      if (event?.type !== "system" || event.subtype !== "background_tasks_changed") return null;
      return Array.isArray(event.tasks) ? event.tasks.length : null;
    }
  },
  classify: classify$3
};
function classify$3(tail, complete, options) {
  const s = scan$3(tail, complete);
  const { result } = s;
  const resultText = result === null ? null : asString(result.result);
  const isError = result === null ? null : result.is_error === true || /^error/.test(asString(result.subtype) ?? "");
  const stderrText = lastChars(s.plainText.join("\n"), TEXT_WINDOW_CHARS);
  const succeeded = isError === false;
  const budgetSpent = result !== null && SESSION_BUDGET_SUBTYPES.has(asString(result.subtype) ?? "");
  const rate_limit = succeeded || budgetSpent ? null : rateLimit$3(s, resultText ?? "", stderrText, tail, options);
  const failure = succeeded || budgetSpent || rate_limit !== null ? null : failureOf$4(s, resultText, stderrText, options.exit);
  return {
    final: result !== null,
    is_error: isError,
    result_text: resultText === null ? null : truncate(resultText, RESULT_TEXT_CHARS),
    rate_limit,
    failure,
    model_output: s.modelOutput || succeeded && didWork(result, resultText) || // A cut tail that shows nothing either way: the model's output may lie before the window.
    !complete && result === null && s.assistantError === null && s.retry === null,
    notice: errorLine(s.plainText),
    metrics: {
      ...result === null ? emptyMetrics() : metricsOf$3(result),
      model: s.initModel ?? s.model
    }
  };
}
const SESSION_BUDGET_SUBTYPES = /* @__PURE__ */ new Set(["error_max_turns", "error_max_budget_usd"]);

const TOOL_ITEMS = /* @__PURE__ */ new Set([
  "command_execution",
  "mcp_tool_call",
  "file_change",
  "web_search"
]);
const isModelItem = (type) => type === "agent_message" || typeof type === "string" && TOOL_ITEMS.has(type);
const ITEM_EVENT = /^\s*\{"type":"(item\.started|item\.completed)","item":\{"id":"([^"\\]*)","type":"([a-z_]+)"/;
const TYPE_HEAD$2 = /^\s*\{"type":"([a-z_.]+)"/;
function itemEvent(line) {
  const head = ITEM_EVENT.exec(line.length > 512 ? line.slice(0, 512) : line);
  if (head?.[1] !== void 0 && head[3] !== void 0)
    return { event: head[1], id: head[2] ?? null, type: head[3] };
  const event = parseObject(line.trim());
  if (event?.type !== "item.started" && event?.type !== "item.completed") return null;
  const item = asObject(event.item);
  const type = asString(item?.type);
  return type === null ? null : { event: event.type, id: asString(item?.id), type };
}
function codexTurnCounter() {
  let turns = 0;
  let ended = false;
  let answering = false;
  const started = /* @__PURE__ */ new Set();
  return {
    line(line) {
      let type = TYPE_HEAD$2.exec(line.length > 64 ? line.slice(0, 64) : line)?.[1] ?? null;
      if (type === null) {
        if (!line.includes('"turn.') && !line.includes('"item.')) return;
        type = asString(parseObject(line.trim())?.type);
      }
      if (type === "turn.started") {
        answering = false;
        return;
      }
      if (type === "turn.completed" || type === "turn.failed") {
        answering = false;
        ended = true;
        return;
      }
      if (type !== "item.started" && type !== "item.completed") return;
      const item = itemEvent(line);
      if (item === null) return;
      const toolDone = item.event === "item.completed" && TOOL_ITEMS.has(item.type);
      const calledHere = !toolDone || item.id === null || !started.has(item.id);
      if (item.event === "item.started" && item.id !== null && TOOL_ITEMS.has(item.type))
        started.add(item.id);
      if (toolDone && item.id !== null) started.delete(item.id);
      if ((isModelItem(item.type) || item.type === "reasoning") && !answering && calledHere) {
        turns++;
        answering = true;
      }
      if (toolDone) answering = false;
    },
    result() {
      return {
        turns: !ended && turns === 0 ? null : turns,
        narration_turns: null,
        parallel_turns: null,
        model: null
      };
    }
  };
}

const isTurnEnd = (type) => type === "turn.completed" || type === "turn.failed";
const ITEM_HEAD = /^\s*\{"type":"item\.completed","item":\{"id":"[^"\\]*","type":"([a-z_]+)"/;
function codexToolCalls(line) {
  if (!line.includes('"item.completed"')) return 0;
  const head = ITEM_HEAD.exec(line.slice(0, 512));
  if (head?.[1] !== void 0) return TOOL_ITEMS.has(head[1]) ? 1 : 0;
  const event = parseObject(line.trim());
  if (event?.type !== "item.completed") return 0;
  const type = asObject(event.item)?.type;
  return typeof type === "string" && TOOL_ITEMS.has(type) ? 1 : 0;
}
const codexAdapter = {
  format: "codex",
  agentText: codexAgentText,
  toolCalls: codexToolCalls,
  turnShape: codexTurnCounter,
  // Only turn.* and item.* events count (their type is read raw before any parse).
  lineMarkers: /"turn\.|"item\./,
  reportsTurns: false,
  hasFinalResult: (tail) => isTurnEnd(lastJsonEvent(tail)?.type),
  classify: classify$2
};
function scan$2(tail, complete) {
  const s = {
    final: null,
    lastMessage: null,
    errors: [],
    plainText: [],
    modelTurns: 0,
    modelOutput: false,
    inputTokens: null,
    outputTokens: null,
    cacheReadTokens: null,
    cacheWriteTokens: null
  };
  let answering = false;
  const started = /* @__PURE__ */ new Set();
  for (const record of tailRecords(tail, complete)) {
    if ("text" in record) {
      s.plainText.push(record.text);
      continue;
    }
    const event = record.event;
    const item = asObject(event.item);
    if (event.type === "turn.started") {
      s.final = null;
      s.errors = [];
      answering = false;
    } else if ((event.type === "item.started" || event.type === "item.completed") && item !== null) {
      const id = asString(item.id);
      const toolDone = event.type === "item.completed" && TOOL_ITEMS.has(String(item.type));
      const calledHere = !toolDone || id === null || !started.has(id);
      if (event.type === "item.started" && id !== null) started.add(id);
      if (isModelItem(item.type) || item.type === "reasoning") {
        if (isModelItem(item.type)) s.modelOutput = true;
        if (!answering && calledHere) {
          s.modelTurns++;
          answering = true;
        }
      }
      if (toolDone) answering = false;
      if (event.type === "item.completed" && item.type === "agent_message")
        s.lastMessage = asString(item.text) ?? s.lastMessage;
    } else if (event.type === "error") {
      const message = asString(event.message);
      if (message !== null) s.errors.push(message);
    } else if (isTurnEnd(event.type)) {
      s.final = event;
      answering = false;
      const usage = asObject(event.usage);
      if (event.type === "turn.completed" && (asNumber(usage?.output_tokens) ?? 0) > 0) s.modelOutput = true;
      if (usage !== null) {
        s.inputTokens = (s.inputTokens ?? 0) + (asNumber(usage.input_tokens) ?? 0);
        s.outputTokens = (s.outputTokens ?? 0) + (asNumber(usage.output_tokens) ?? 0);
        s.cacheReadTokens = addKnown$1(s.cacheReadTokens, usage.cached_input_tokens);
        s.cacheWriteTokens = addKnown$1(s.cacheWriteTokens, usage.cache_write_input_tokens);
      }
    }
  }
  return s;
}
function classify$2(tail, complete, options) {
  const s = scan$2(tail, complete);
  const failed = s.final?.type === "turn.failed";
  const failureText = failed ? asString(asObject(s.final?.error)?.message) ?? s.errors.at(-1) ?? null : null;
  const resultText = s.final === null ? null : failed ? failureText : s.lastMessage;
  const succeeded = s.final !== null && !failed;
  const rate_limit = succeeded ? null : rateLimit$2(s, failureText, options);
  const failure = succeeded || rate_limit !== null ? null : failureOf$3(s, failureText, options.exit);
  return {
    final: s.final !== null,
    is_error: s.final === null ? null : failed,
    result_text: resultText === null ? null : truncate(resultText, RESULT_TEXT_CHARS),
    rate_limit,
    failure,
    model_output: s.modelOutput || !complete && s.final === null && s.errors.length === 0,
    notice: errorLine(s.plainText),
    metrics: metricsOf$2(s)
  };
}
function rateLimit$2(s, failure, options) {
  const defaultZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return limitFromText(errorMessages(s.errors, failure), "error", { ...options, apiTexts: true, defaultZone }) ?? (s.final === null ? limitFromText(lastChars(s.plainText.join("\n"), TEXT_WINDOW_CHARS), "output", {
    ...options,
    defaultZone
  }) : null);
}
function failureOf$3(s, failure, exit) {
  if (s.final !== null) {
    const text = failure ?? "turn failed";
    return failureFromText(text, "result") ?? failureFromText(s.errors.join("\n"), "error_event") ?? errorResult(text, "result");
  }
  return failureFromText(s.errors.join("\n"), "error_event") ?? failureFromText(lastChars(s.plainText.join("\n"), TEXT_WINDOW_CHARS), "stderr") ?? crashFailure(s.plainText, exit);
}
function addKnown$1(total, value) {
  const n = asNumber(value);
  return n === null ? total : (total ?? 0) + n;
}
function metricsOf$2(s) {
  return {
    ...emptyMetrics(),
    turns: s.final === null && s.modelTurns === 0 ? null : s.modelTurns,
    input_tokens: s.inputTokens,
    output_tokens: s.outputTokens,
    // turn.completed's usage: cached_input_tokens is the part of input_tokens read from the prompt cache.
    cache_read_tokens: s.cacheReadTokens,
    cache_write_tokens: s.cacheWriteTokens
  };
}

const MESSAGE_HEAD = /^\{"type":"message","timestamp":"[^"\\]*","role":"([a-z]+)","content":"(.)?/;
function kindOf(line) {
  const head = line.trimStart();
  if (head.startsWith('{"type":"tool_use"')) return { kind: "tool_use" };
  if (head.startsWith('{"type":"tool_result"')) return { kind: "boundary" };
  if (head.startsWith('{"type":"message"')) {
    const m = MESSAGE_HEAD.exec(head.slice(0, 256));
    if (m !== null) {
      if (m[1] === "user") return { kind: "boundary" };
      return { kind: m[1] === "assistant" && m[2] !== void 0 && m[2] !== '"' ? "text" : null };
    }
  } else if (head.startsWith('{"type":"init"')) {
    return { kind: "init", model: asString(parseObject(head)?.model) };
  } else if (head.startsWith('{"type":"')) return { kind: null };
  const event = parseObject(head);
  if (event === null) return { kind: null };
  if (event.type === "tool_use") return { kind: "tool_use" };
  if (event.type === "tool_result" || event.type === "message" && event.role === "user")
    return { kind: "boundary" };
  if (event.type === "message" && event.role === "assistant" && (asString(event.content) ?? "") !== "")
    return { kind: "text" };
  if (event.type === "init") return { kind: "init", model: asString(event.model) };
  return { kind: null };
}
function geminiTurnCounter() {
  const shape = { turns: 0, narration_turns: 0, parallel_turns: 0 };
  let model = null;
  let open = null;
  const close = () => {
    if (open !== null) tally(shape, open);
    open = null;
  };
  return {
    line(line) {
      if (!line.includes('"type":"')) return;
      const { kind, model: named } = kindOf(line);
      if (kind === null) return;
      if (kind === "init") {
        model ??= named !== void 0 && named !== null && !named.startsWith("auto") ? named : null;
        return;
      }
      if (kind === "boundary") {
        close();
        return;
      }
      open ??= { text: false, tools: 0 };
      if (kind === "text") open.text = true;
      else open.tools++;
    },
    result() {
      const total = { ...shape };
      if (open !== null) tally(total, open);
      return { ...total, model };
    }
  };
}

const geminiAdapter = {
  format: "gemini",
  agentText: geminiAgentText,
  toolCalls: (line) => line.includes('"type":"tool_use"') ? 1 : 0,
  turnShape: geminiTurnCounter,
  // The event types the counter and the tool calls read, spelt out or \u-escaped.
  lineMarkers: /"tool_use"|"tool_result"|"message"|"init"|\\u/,
  reportsTurns: false,
  hasFinalResult: (tail) => lastJsonEvent(tail)?.type === "result",
  classify: classify$1
};
function scan$1(tail, complete) {
  const s = {
    result: null,
    answer: null,
    errors: [],
    plainText: [],
    modelOutput: false,
    modelTurns: 0
  };
  let answerOpen = false;
  let answering = false;
  for (const record of tailRecords(tail, complete)) {
    if ("text" in record) {
      s.plainText.push(record.text);
      continue;
    }
    const event = record.event;
    const fromModel = event.type === "message" && event.role === "assistant" && (asString(event.content) ?? "") !== "" || event.type === "tool_use";
    if (fromModel) {
      s.modelOutput = true;
      if (!answering) s.modelTurns++;
      answering = true;
    } else if (event.type === "tool_result" || event.type === "message" && event.role === "user") {
      answering = false;
    }
    if (event.type === "message" && event.role === "assistant") {
      const content = asString(event.content) ?? "";
      s.answer = answerOpen && event.delta === true ? (s.answer ?? "") + content : content;
      answerOpen = true;
    } else if (event.type === "error") {
      const message = asString(event.message);
      if (message !== null) s.errors.push(message);
    } else if (event.type === "result") {
      s.result = event;
    } else {
      answerOpen = false;
    }
  }
  return s;
}
const TURN_BUDGET_TEXT = /^Reached max session turns for this session\b/;
function classify$1(tail, complete, options) {
  const s = scan$1(tail, complete);
  const isError = s.result === null ? null : s.result.status !== "success";
  const failureText = asString(asObject(s.result?.error)?.message) ?? s.errors.at(-1) ?? null;
  const resultText = s.result === null ? null : isError ? failureText : s.answer;
  const stderrText = lastChars(s.plainText.join("\n"), TEXT_WINDOW_CHARS);
  const succeeded = isError === false;
  const budgetSpent = isError === true && (options.exit?.code === 53 || TURN_BUDGET_TEXT.test(failureText ?? ""));
  const rate_limit = succeeded || budgetSpent ? null : rateLimit$1(s, failureText, stderrText, options);
  const failure = succeeded || budgetSpent || rate_limit !== null ? null : failureOf$2(s, failureText, stderrText, options);
  return {
    final: s.result !== null,
    is_error: isError,
    result_text: resultText === null ? null : truncate(resultText, RESULT_TEXT_CHARS),
    rate_limit,
    failure,
    model_output: s.modelOutput || // A successful result whose stats show output tokens or tool calls did work (issue 23), even where the
    // assistant's messages were not in the stream.
    isError === false && resultDidWork(s.result) || !complete && s.result === null && s.errors.length === 0,
    notice: errorLine(s.plainText),
    metrics: s.result === null ? emptyMetrics() : metricsOf$1(s.result, s.modelTurns)
  };
}
function rateLimit$1(s, failure, stderrText, options) {
  return limitFromText(errorMessages(s.errors, failure), "error", { ...options, apiTexts: true }) ?? // stderr also carries stack traces, where a bare "429" can be a line number: only firm wording counts there.
  limitFromText(stderrText, "output", options);
}
function failureOf$2(s, failure, stderrText, options) {
  const exit = geminiExitFailure(options.exit?.code ?? null, [stderrText, failure ?? ""].join("\n").trim());
  if (exit !== null) return exit;
  const events = errorMessages(s.errors, failure);
  const found = failureFromText(events, s.result === null ? "error_event" : "result");
  if (found !== null) return found;
  if (s.result !== null) {
    return failureFromText(stderrText, "stderr") ?? errorResult(failure ?? "status error", "result");
  }
  return failureFromText(stderrText, "stderr") ?? crashFailure(s.plainText, options.exit);
}
function resultDidWork(result) {
  const stats = asObject(result?.stats);
  return (asNumber(stats?.output_tokens) ?? 0) > 0 || (asNumber(stats?.tool_calls) ?? 0) > 0;
}
function metricsOf$1(result, modelTurns) {
  const stats = asObject(result.stats);
  return {
    ...emptyMetrics(),
    turns: modelTurns,
    tool_calls: asNumber(stats?.tool_calls),
    input_tokens: asNumber(stats?.input_tokens),
    output_tokens: asNumber(stats?.output_tokens),
    agent_duration_ms: asNumber(stats?.duration_ms),
    // `cached` is the prompt tokens served from the cache (cachedContentTokenCount); the API reports no writes.
    cache_read_tokens: asNumber(stats?.cached),
    model: mainModel(asObject(stats?.models))
  };
}
function mainModel(models) {
  let best = null;
  let most = -1;
  for (const [name, usage] of Object.entries(models ?? {})) {
    const tokens = asNumber(asObject(usage)?.total_tokens) ?? 0;
    if (tokens > most) {
      best = name;
      most = tokens;
    }
  }
  return best;
}

const TYPE_HEAD$1 = /^\s*\{"type":"([a-z_]+)"/;
function lineType(line) {
  const head = TYPE_HEAD$1.exec(line.length > 64 ? line.slice(0, 64) : line)?.[1];
  return head === "start" || head === "iteration" || head === "result" || head === "error" ? head : null;
}
function iterationFacts(event) {
  const answer = asObject(event.llm_response);
  const actions = answer !== null && Array.isArray(answer.actions) ? answer.actions.length : 0;
  const usage = asObject(event.usage);
  return {
    answered: answer !== null,
    actions,
    fatal: event.fatal !== void 0 && event.fatal !== null,
    input_tokens: asNumber(usage?.input_tokens),
    output_tokens: asNumber(usage?.output_tokens)
  };
}
function parseIteration(line) {
  if (lineType(line) !== "iteration") return null;
  const event = parseObject(line.trim());
  return event === null ? null : iterationFacts(event);
}
function jsonActionsToolCalls(line) {
  const facts = parseIteration(line);
  return facts === null || facts.fatal ? 0 : facts.actions;
}
const jsonActionsAgentText = (line) => {
  if (lineType(line) !== "iteration") return null;
  const event = parseObject(line.trim());
  const answer = asObject(event?.llm_response);
  if (answer === null) return null;
  const out = [];
  pushString(answer.reasoning, out);
  if (Array.isArray(answer.actions)) {
    for (const entry of answer.actions) {
      const action = asObject(entry);
      if (action === null) continue;
      pushString(action.tool, out);
      collectStrings(action.args, out);
    }
  }
  return out.length > 0 ? out : null;
};
function jsonActionsTurnCounter() {
  const shape = { turns: 0, narration_turns: 0, parallel_turns: 0 };
  let model = null;
  let seen = false;
  return {
    line(line) {
      const type = lineType(line);
      if (type === "iteration") {
        const facts = parseIteration(line);
        if (facts === null) return;
        seen = true;
        if (facts.fatal) return;
        shape.turns++;
        if (facts.actions === 0) shape.narration_turns++;
        if (facts.actions >= 2) shape.parallel_turns++;
      } else if (type === "start" || type === "result") {
        seen = true;
        const named = asString(parseObject(line.trim())?.model);
        if (named !== null && named !== "") model = named;
      }
    },
    result() {
      return seen ? { ...shape, model } : { turns: null, narration_turns: null, parallel_turns: null, model };
    }
  };
}

const jsonActionsAdapter = {
  format: "json-actions",
  agentText: jsonActionsAgentText,
  toolCalls: jsonActionsToolCalls,
  turnShape: jsonActionsTurnCounter,
  reportsTurns: false,
  hasFinalResult: (tail) => lastJsonEvent(tail)?.type === "result",
  classify
};
function scan(tail, complete) {
  const s = {
    result: null,
    error: null,
    model: null,
    iterations: 0,
    answered: false,
    inputTokens: null,
    outputTokens: null,
    plainText: []
  };
  for (const record of tailRecords(tail, complete)) {
    if ("text" in record) {
      s.plainText.push(record.text);
      continue;
    }
    const event = record.event;
    if (event.type === "start") s.model = asString(event.model) ?? s.model;
    else if (event.type === "iteration") {
      const facts = iterationFacts(event);
      if (facts.fatal) continue;
      s.iterations++;
      s.answered ||= facts.answered;
      s.inputTokens = addKnown(s.inputTokens, facts.input_tokens);
      s.outputTokens = addKnown(s.outputTokens, facts.output_tokens);
    } else if (event.type === "result") s.result = event;
    else if (event.type === "error") s.error = event;
  }
  return s;
}
function classify(tail, complete, options) {
  const s = scan(tail, complete);
  const result = s.result !== null && interrupted(s.result) ? null : s.result;
  const failed = result !== null && (result.status === "failed" || (asNumber(result.exit_code) ?? 0) !== 0);
  const llm = asObject(result?.llm_error);
  const rate_limit = failed && llm?.kind === "rate_limited" ? rateLimit(llm, options.now_ms) : null;
  const failure = rate_limit !== null ? null : failureOf$1(s, result, failed, llm, options.exit);
  const answers = asNumber(result?.answers);
  return {
    final: result !== null,
    is_error: result === null ? null : failed,
    result_text: result === null ? null : truncate(resultText(result), RESULT_TEXT_CHARS),
    rate_limit,
    failure,
    model_output: s.answered || answers !== null && answers > 0,
    notice: errorLine(s.plainText) ?? asString(s.error?.message),
    metrics: metricsOf(s)
  };
}
function rateLimit(llm, nowMs) {
  const after = asNumber(llm.retry_after_ms);
  return {
    source: "api_status",
    resets_at_ms: after === null ? null : nowMs + after,
    detail: asString(llm.message) ?? "the model is rate limited (HTTP 429)"
  };
}
const interrupted = (result) => result.status === "stopped" && result.termination_reason === "interrupted";
function failureOf$1(s, result, failed, llm, exit) {
  if (result === null) {
    if (s.error !== null)
      return {
        kind: "fatal",
        reason: "agent_refused",
        source: "error_event",
        detail: asString(s.error.message) ?? "the worker session could not start"
      };
    return crashFailure(s.plainText, exit);
  }
  if (!failed) return null;
  if (llm !== null) return modelFailure(llm);
  const error = asObject(result.error);
  const detail = error === null ? resultText(result) : `${asText(error.kind)}: ${asText(error.message)}`;
  return errorResult(detail, "result");
}
function modelFailure(llm) {
  const detail = asString(llm.message) ?? `the model call failed (${asText(llm.kind)})`;
  const f = (kind, reason) => ({
    kind,
    reason,
    source: "api_status",
    detail: truncate(detail, 300)
  });
  const status = asNumber(llm.status);
  switch (llm.kind) {
    case "unreachable":
    case "timeout":
      return f("transient", "network");
    case "http_error":
      return (status === null ? null : failureFromStatus(status, detail)) ?? f("transient", "server_error");
    case "authentication":
      return f("fatal", "authentication");
    case "model_not_found":
      return f("fatal", "model_not_found");
    default:
      return { ...f("error", "error_result"), source: "result" };
  }
}
function resultText(result) {
  const status = asText(result.status, "unknown");
  const reason = asString(result.termination_reason);
  const error = asObject(result.error);
  const parts = [
    reason === null ? status : `${status} (${reason})`,
    `iteration ${asText(result.iteration, "?")}`,
    `${asText(result.iterations_run, "0")} run, ${asText(result.actions, "0")} actions`
  ];
  if (error !== null) parts.push(`${asText(error.kind)}: ${asText(error.message)}`);
  return parts.join("; ");
}
function addKnown(total, value) {
  return value === null ? total : (total ?? 0) + value;
}
function metricsOf(s) {
  const usage = asObject(s.result?.usage);
  return {
    ...emptyMetrics(),
    turns: s.result === null && s.iterations === 0 ? null : s.iterations,
    input_tokens: asNumber(usage?.input_tokens) ?? s.inputTokens,
    output_tokens: asNumber(usage?.output_tokens) ?? s.outputTokens,
    model: asString(s.result?.model) ?? s.model
  };
}

const CLOSING_LINES = 8;
const SEED_LIMIT_TEXTS = [/usage limit/i, /hit your limit/i, /resets.*UTC/i];
const TEXT_FATAL = ["model_not_found"];
const TEXT_FAILURES = [
  {
    // Needed by: text-codex-400-unsupported-model (codex exec `400 Bad Request: {"detail":"Unsupported model"}`);
    // the same family: "The 'gpt-5.1-codex' model is not supported when using Codex with a ChatGPT account"
    // (openai/codex#6603), "The requested model is not supported." with `model_not_supported` (kaitranntt/ccs#724).
    reason: "model_not_found",
    kind: "fatal",
    re: /\bunsupported model\b|\bmodel_not_supported\b|\bmodel is not supported\b|\bmodel [`'"][^`'"\n]{1,80}[`'"] is not supported\b/i
  },
  {
    // Needed by: text-codex-model-at-capacity (codex exec "ERROR: Selected model is at capacity. Please try a
    // different model.", its wording for an overloaded 503).
    reason: "overloaded",
    kind: "transient",
    re: /\bmodel is at capacity\b|\bat capacity\. Please try\b/i
  }
];
function judgeText(text, options) {
  const window = lastChars(text, TEXT_WINDOW_CHARS);
  const all = nonEmptyLines(window);
  const exit = exitKind(options.exit);
  const rate_limit = exit === "failed" ? closingLimit(all, options) : cleanLimit(all, options);
  if (rate_limit !== null) return { rate_limit, failure: null };
  return { rate_limit: null, failure: failureOf(all, exit, options.exit) };
}
function exitKind(exit) {
  if (exit === void 0) return "unknown";
  return exit.signal === null && exit.code === 0 ? "clean" : "failed";
}
function nonEmptyLines(text) {
  return text.split("\n").map((l) => l.trimEnd()).filter((l) => l.trim() !== "");
}
function closingLimit(all, options) {
  const closing = all.slice(-CLOSING_LINES).join("\n");
  return firmLimit(closing, options) ?? seedLimit(closing, options);
}
function cleanLimit(all, options) {
  const onlyLimits = all.length > 0 && all.length <= CLOSING_LINES && all.every((l) => isLimitLine(l, options));
  for (const line of all.slice(-2).reverse()) {
    const firm = firmLimit(line, options);
    if (firm !== null && !quoted(line, options)) return firm;
    const seed = seedLimit(line, options);
    if (seed !== null && !quoted(line, options) && (seed.resets_at_ms !== null || onlyLimits)) return seed;
  }
  return null;
}
function isLimitLine(line, options) {
  return firmLimit(line, options) !== null || seedLimit(line, options) !== null;
}
function firmLimit(text, options) {
  return limitFromText(text, "output", { patterns: options.patterns, now_ms: options.now_ms });
}
function seedLimit(text, options) {
  const match = findText(text, SEED_LIMIT_TEXTS);
  if (match === null) return null;
  return {
    source: "usage_text",
    resets_at_ms: parseResetTime(match.from, options.now_ms),
    detail: `output: ${match.line}`
  };
}
const OPENING_QUOTE = /(?:^|[\s([{:=])(["'`“‘«])/g;
const CLOSING_QUOTE = { '"': '"', "'": "'", "`": "`", "\u201C": "\u201D", "\u2018": "\u2019", "\xAB": "\xBB" };
function quoted(line, options) {
  const patterns = [...USAGE_LIMIT_TEXTS, ...FIRM_API_LIMIT_TEXTS, ...options.patterns, ...SEED_LIMIT_TEXTS];
  const positions = patterns.map((re) => line.search(re)).filter((p) => p >= 0);
  if (positions.length === 0) return false;
  const before = line.slice(0, Math.min(...positions));
  for (const m of before.matchAll(OPENING_QUOTE)) {
    const q = m[1] ?? "";
    const after = before.slice((m.index ?? 0) + m[0].length);
    if (!after.includes(CLOSING_QUOTE[q] ?? q)) return true;
  }
  return false;
}
function failureOf(all, exit, raw) {
  if (exit === "unknown") return null;
  if (exit === "clean") {
    const own = all.slice(-2).filter((l) => /^\s*ERROR:\s/.test(l)).join("\n");
    return own === "" ? null : byWording(own);
  }
  if (raw === void 0 || raw.signal !== null || raw.code === null) return null;
  const closing = all.slice(-CLOSING_LINES).map((l) => l.trim());
  return byWording(closing.join("\n")) ?? crashFailure(closing, raw);
}
function byWording(text) {
  const fatal = textFailure(text, (r) => TEXT_FATAL.includes(r));
  if (fatal !== null) return fatal;
  return failureFromText(text, "stderr") ?? textFailure(text, (r) => !TEXT_FATAL.includes(r));
}
function textFailure(text, which) {
  for (const { reason, kind, re } of TEXT_FAILURES) {
    if (!which(reason)) continue;
    const at = text.search(re);
    if (at < 0) continue;
    const start = text.lastIndexOf("\n", at) + 1;
    const end = text.indexOf("\n", at);
    const line = text.slice(start, end < 0 ? void 0 : end).trim();
    return { kind, reason, source: "stderr", detail: line.length > 300 ? `${line.slice(0, 299)}\u2026` : line };
  }
  return null;
}

const textAdapter = {
  format: "text",
  agentText: textAgentText,
  toolCalls: null,
  turnShape: null,
  reportsTurns: false,
  hasFinalResult: () => false,
  classify(tail, complete, options) {
    const text = tailLines(tail, complete).join("\n");
    const lastLine = lastNonEmptyLine(text);
    const { rate_limit, failure } = judgeText(text, options);
    return {
      final: false,
      is_error: null,
      result_text: lastLine === null ? null : truncate(lastLine, RESULT_TEXT_CHARS),
      rate_limit,
      failure,
      model_output: null,
      notice: lastLine,
      metrics: emptyMetrics()
    };
  }
};

function withTurnShape(metrics, shape, reportsTurns) {
  if (shape === null) return metrics;
  return {
    ...metrics,
    turns: reportsTurns ? metrics.turns ?? shape.turns : shape.turns ?? metrics.turns,
    narration_turns: shape.narration_turns,
    parallel_turns: shape.parallel_turns,
    model: metrics.model ?? shape.model
  };
}

function adapterFor(format) {
  switch (format) {
    case "claude":
      return claudeAdapter;
    case "codex":
      return codexAdapter;
    case "gemini":
      return geminiAdapter;
    case "text":
      return textAdapter;
    case "json-actions":
      return jsonActionsAdapter;
    default:
      throw new Error(`unknown transcript format: ${String(format)}`);
  }
}

function classifyOutcome(input) {
  const { verdict } = input;
  const decide = (outcome, decided_by, failure = null) => ({
    outcome,
    decided_by,
    failure
  });
  if (input.endReason === "forced") return decide("cancelled", "forced");
  if (verdict.final && verdict.is_error === false && verdict.model_output !== false)
    return decide("productive", "result");
  if (verdict.rate_limit) return decide("rate_limited", verdict.rate_limit.source);
  if (verdict.failure) return decide("failed", `failure:${verdict.failure.source}`, verdict.failure);
  const structured = verdict.model_output !== null;
  if (structured && !verdict.final) {
    if (input.endReason === "watchdog") {
      const failure = {
        kind: "transient",
        reason: "stalled",
        source: "watchdog",
        detail: "the agent wrote nothing for watchdog.stale_timeout_mins and gave no final result"
      };
      return decide("failed", "failure:watchdog", failure);
    }
    if (input.endReason === "exited" && input.exitCode !== void 0 && input.exitCode !== 0) {
      const code = input.exitCode === null ? "a signal" : `code ${input.exitCode}`;
      const failure = {
        kind: "error",
        reason: "crash",
        source: "exit_code",
        detail: verdict.notice ?? `the agent exited with ${code} and no final result`
      };
      return decide("failed", "failure:exit_code", failure);
    }
  }
  if (structured && verdict.model_output === false) return decide("empty", "no_model_output");
  if (!structured && input.outputBytes < input.minOutputBytes) return decide("empty", "output_bytes");
  return decide("productive", "output");
}
const ROOT_SKIP_PERMISSIONS = /--dangerously-skip-permissions cannot be used with root/i;
const OAUTH_EXPIRED = /\bOAuth token\b|access token could not be refreshed|refresh token|\binvalid_grant\b/i;
function fatalAdvice(reason, detail = "") {
  switch (reason) {
    case "authentication":
      return OAUTH_EXPIRED.test(detail) ? "the agent's subscription login expired or was revoked: for Claude Code make a new token with `claude setup-token` and put it where CLAUDE_CODE_OAUTH_TOKEN comes from (the repository's secret in the Action), or log the CLI in again" : "the agent's credentials were refused: check its API key or log in again";
    case "billing":
      return "the agent's account cannot pay for more requests: add credits or check the plan";
    case "model_not_found":
      return "the model the agent asked for does not exist or is not available: check the model name in agent.args";
    case "untrusted_folder":
      return "the agent will not work in an untrusted folder: trust the working directory in the agent first";
    case "bad_auth_choice":
      return "the agent's authentication setting is not usable here: choose an auth method that works non-interactively";
    case "agent_refused":
      return ROOT_SKIP_PERMISSIONS.test(detail) ? 'Claude Code refuses --dangerously-skip-permissions when run as root (containers usually run as root): on a disposable container or VM, set IS_SANDBOX=1 for the agent (agent.env: { IS_SANDBOX: "1" } in the config, or export it before agent-harness); otherwise run the harness as a non-root user, or set agent.isolation = "user" so the agent runs as a user of its own' : "the agent refused to start: run it by hand in the working directory to see why";
    default:
      return "the agent cannot go on until a person acts";
  }
}
function backoffMs(consecutive, initialSecs, maxSecs) {
  const secs = initialSecs * 2 ** Math.min(consecutive, 40);
  return Math.round(Math.min(secs, maxSecs) * 1e3);
}
function rateLimitWait(input) {
  if (input.resetsAtMs !== null && input.resetsAtMs > input.nowMs) {
    const untilReset = input.resetsAtMs - input.nowMs + 1e3;
    return { delayMs: Math.min(untilReset, Math.round(input.maxWaitSecs * 1e3)), basis: "reset_time" };
  }
  return { delayMs: backoffMs(input.consecutive, input.initialSecs, input.maxDelaySecs), basis: "backoff" };
}
const RESET_RECHECK_MS = 3e4;
function resetWaitLeftMs(input) {
  const byMonotonic = input.deadlineMono - input.nowMono;
  const byWall = input.resetsAtMs === null ? Infinity : input.resetsAtMs + 1e3 - input.nowMs;
  return Math.max(0, Math.min(byMonotonic, byWall));
}

class HashRangeError extends HarnessError {
  name = "HashRangeError";
  constructor(message) {
    super(message, EXIT.inputFile);
  }
}
function inlineSha256() {
  const hash = createHash("sha256");
  return {
    update: (chunk) => void hash.update(chunk),
    digest: () => hash.digest("hex"),
    settle: () => void 0,
    done: () => Promise.resolve(),
    onThread: false
  };
}
const OFF_THREAD_FROM = 32 * 1024 * 1024;
const TELL_EVERY = 1024 * 1024;
const WORKING = 0;
const DONE = 1;
const SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { readSync } = require('node:fs');
const { createHash } = require('node:crypto');
const state = new Int32Array(workerData, 0, 2);
const digest = new Uint8Array(workerData, 8, 32);
const hashed = new Float64Array(workerData, 40, 1);
const buffer = Buffer.allocUnsafe(1024 * 1024);
let hash = null;
let at = 0;
let failed = false;
parentPort.on('message', ({ fd, to, end }) => {
  if (to === 0) { hash = createHash('sha256'); at = 0; failed = false; }
  try {
    while (!failed && at < to) {
      const n = readSync(fd, buffer, 0, Math.min(buffer.length, to - at), at);
      if (n === 0) break;
      hash.update(buffer.subarray(0, n));
      at += n;
    }
  } catch { failed = true; }
  if (!end) return;
  if (!failed) digest.set(hash.digest());
  hashed[0] = at;
  Atomics.store(state, 0, failed ? 2 : 1);
  Atomics.notify(state, 0);
});
Atomics.store(state, 1, 1);
`;
const atomics = Atomics;
let thread;
function startThread() {
  try {
    const shared = new SharedArrayBuffer(48);
    const worker = new Worker(SOURCE, {
      eval: true,
      workerData: shared,
      resourceLimits: { maxYoungGenerationSizeMb: 1, maxOldGenerationSizeMb: 8 },
      // Nothing of the process's own flags (a loader such as --import, --cpu-prof): the thread needs none.
      execArgv: []
    });
    worker.unref();
    const started = {
      worker,
      state: new Int32Array(shared, 0, 2),
      digest: new Uint8Array(shared, 8, 32),
      hashed: new Float64Array(shared, 40, 1),
      busy: false,
      dead: false
    };
    const gone = () => {
      started.dead = true;
      if (thread?.worker === worker) thread = null;
    };
    worker.on("error", gone);
    worker.on("exit", gone);
    return started;
  } catch {
    return null;
  }
}
function freeThread() {
  if (thread === void 0) thread = startThread();
  return thread !== null && !thread.busy && Atomics.load(thread.state, 1) === 1 ? thread : null;
}
function fileSha256(fd, options = {}) {
  const offThreadFrom = options.from ?? OFF_THREAD_FROM;
  let inline = createHash("sha256");
  let t = null;
  let given = 0;
  let told = 0;
  let ended = false;
  const tell = (end2) => {
    if (t === null) return;
    t.worker.postMessage({ fd, to: given, end: end2 });
    told = given;
  };
  const handOver = () => {
    t = freeThread();
    if (t === null) return;
    t.busy = true;
    t.worker.ref();
    Atomics.store(t.state, 0, WORKING);
    inline = null;
    t.worker.postMessage({ fd, to: 0, end: false });
    tell(false);
  };
  let deadline = Infinity;
  const end = () => {
    if (t !== null && !ended) {
      ended = true;
      tell(true);
      deadline = performance.now() + 5e3 + given / (20 * 1024);
    }
    return t;
  };
  const working = (job) => Atomics.load(job.state, 0) === WORKING && !job.dead && performance.now() < deadline;
  let settled = false;
  const settle = () => {
    const job = end();
    if (job === null || settled) return;
    settled = true;
    while (working(job)) Atomics.wait(job.state, 0, WORKING, 1e3);
    job.worker.unref();
    if (Atomics.load(job.state, 0) !== WORKING && options.release !== true) job.busy = false;
    else {
      thread = Atomics.load(job.state, 0) === WORKING ? null : void 0;
      job.worker.terminate().catch(() => void 0);
    }
  };
  const done = async () => {
    const job = end();
    if (job === null) return;
    while (working(job)) {
      const wait = atomics.waitAsync(job.state, 0, WORKING, 1e3);
      if (wait.async) await wait.value;
    }
  };
  if (offThreadFrom <= 0) handOver();
  return {
    get onThread() {
      return t !== null;
    },
    update(chunk) {
      given += chunk.length;
      if (inline !== null) {
        inline.update(chunk);
        if (given >= offThreadFrom) handOver();
      } else if (given - told >= TELL_EVERY) tell(false);
    },
    settle,
    done,
    digest() {
      if (inline !== null) return inline.digest("hex");
      settle();
      const job = t;
      if (job === null || Atomics.load(job.state, 0) !== DONE)
        throw new HashRangeError("the hash thread could not read the file");
      if (job.hashed[0] !== given)
        throw new HashRangeError(
          `read ${given} bytes, hashed ${job.hashed[0]}: the file shrank while it was read`
        );
      return Buffer.from(job.digest).toString("hex");
    }
  };
}

const MATCHED_TEXT_CHARS = 200;
function createLineScan(options) {
  const { toolCalls, agentText } = options;
  const patterns = agentText === null ? [] : options.patterns.map(prepare);
  const counter = options.turnShape?.() ?? null;
  const result = {
    matchedPattern: null,
    matchedText: null,
    toolCalls: toolCalls === null ? null : 0,
    turns: null,
    lines: 0,
    longLines: 0
  };
  let searching = patterns.length > 0;
  let calls = 0;
  const chunkFilter = patterns.every((p) => p.prefilter);
  const chunkTest = chunkFilter ? combinedRaw(patterns) : null;
  let markers;
  const wanted = () => searching || toolCalls !== null || counter !== null;
  return {
    block: (text) => searching && (!chunkFilter || (chunkTest ? chunkTest.test(text) : rawMatch(text, patterns))),
    line(raw, mayMatch, cut) {
      const line = raw.endsWith("\r") ? raw.slice(0, -1) : raw;
      result.lines++;
      if (cut) result.longLines++;
      if (toolCalls !== null) calls += toolCalls(line);
      counter?.line(line);
      if (searching && mayMatch && agentText !== null) {
        const hit = findPattern(line, patterns, agentText);
        if (hit !== null) {
          searching = false;
          result.matchedPattern = hit.source;
          result.matchedText = excerpt(hit.text, hit.at);
        }
      }
      return wanted();
    },
    wanted,
    markers() {
      if (markers === void 0 || markers.searching !== searching) {
        const counting = toolCalls !== null || counter !== null;
        markers = { searching, re: lineMarkers(options, searching ? chunkTest : false, counting) };
      }
      return markers.re;
    },
    result: () => ({
      ...result,
      toolCalls: toolCalls === null ? null : calls,
      turns: counter === null ? null : counter.result()
    })
  };
}
function lineMarkers(options, patternTest, counting) {
  const sources = [];
  if (counting) {
    if (!options.lineMarkers) return null;
    sources.push(options.lineMarkers.source);
  }
  if (patternTest === null) return null;
  if (patternTest !== false) sources.push(patternTest.source);
  const flags = patternTest !== false || options.lineMarkers?.flags.includes("i") ? "i" : "";
  return sources.length === 0 ? null : new RegExp(sources.map((s) => `(?:${s})`).join("|"), flags);
}
const PLAIN_TOKEN = /\\[bdw.\-()[\]{}?*+|^$]|\[(?!\^)(?:[a-z]-[a-z]|[A-Z]-[A-Z]|[0-9]-[0-9]|[A-Za-z0-9_ :;,!#%@=~]|\\[dw.-])*\]|\((?:\?:)?|[)|?*+]|\{\d+(?:,\d*)?\}|[A-Za-z0-9_ \-:;,!#%@=~]/y;
function plainSource(source) {
  let out = "";
  PLAIN_TOKEN.lastIndex = 0;
  while (PLAIN_TOKEN.lastIndex < source.length) {
    const match = PLAIN_TOKEN.exec(source);
    if (match === null) return null;
    if (match[0] !== "\\b") out += match[0];
  }
  return out;
}
function prepare(pattern) {
  const flags = pattern.flags.replace(/[gy]/g, "");
  const prefilter = !/[\^$]|\(\?<?[=!]|\\B/.test(pattern.source);
  const plain = prefilter ? plainSource(pattern.source) : null;
  return {
    pattern: new RegExp(pattern.source, flags),
    prefilter,
    raw: plain === null ? null : new RegExp(plain, flags)
  };
}
function mayHold(p, text, unescaped) {
  if (p.raw !== null) return p.raw.test(text);
  if (p.pattern.test(text)) return true;
  return text.includes("\\") && p.pattern.test(unescaped());
}
function lazyUnescape(text) {
  let done = null;
  return () => done ??= unescapeJson(text);
}
function combinedRaw(patterns) {
  const sources = [];
  for (const p of patterns) {
    if (p.raw === null) return null;
    sources.push(`(?:${p.raw.source})`);
  }
  return new RegExp(sources.join("|"), "i");
}
function rawMatch(text, patterns) {
  const unescaped = lazyUnescape(text);
  return patterns.some((p) => mayHold(p, text, unescaped));
}
function findPattern(line, patterns, agentText) {
  const unescaped = lazyUnescape(line);
  const candidates = patterns.filter((p) => !p.prefilter || mayHold(p, line, unescaped));
  if (candidates.length === 0) return null;
  const parts = agentText(line);
  if (parts === null) return null;
  for (const { pattern } of candidates) {
    for (const part of parts) {
      const match = pattern.exec(part);
      if (match !== null) return { source: pattern.source, text: part, at: match.index };
    }
  }
  return null;
}
function unescapeJson(text) {
  if (!text.includes("\\")) return text;
  if (text.includes("\0")) return unescapeSlow(text);
  let out = text.replaceAll("\\\\", "\0");
  if (out.includes("\\u")) return unescapeSlow(text);
  out = out.replaceAll("\\n", "\n").replaceAll('\\"', '"').replaceAll("\\t", "	").replaceAll("\\r", "\r").replaceAll("\\/", "/").replaceAll("\\b", "\b").replaceAll("\\f", "\f");
  return out.replaceAll("\0", "\\");
}
function unescapeSlow(text) {
  return text.replace(/\\(?:u([0-9a-fA-F]{4})|([\s\S]))/g, (_, hex, c) => {
    if (hex !== void 0) return String.fromCharCode(parseInt(hex, 16));
    switch (c) {
      case "n":
        return "\n";
      case "t":
        return "	";
      case "r":
        return "\r";
      case "b":
        return "\b";
      case "f":
        return "\f";
      default:
        return c;
    }
  });
}
function excerpt(text, at) {
  const start = Math.max(0, at - 40);
  const slice = text.slice(start, start + MATCHED_TEXT_CHARS).replace(/\s+/g, " ");
  return (start > 0 ? "\u2026" : "") + slice + (start + MATCHED_TEXT_CHARS < text.length ? "\u2026" : "");
}

const MAX_LINE_BYTES = 8 * 1024 * 1024;
const NEWLINE$1 = 10;
function lineSplitter(scan, maxLineBytes = MAX_LINE_BYTES, skipUnmarked = false) {
  let pending = [];
  let pendingBytes = 0;
  let cut = false;
  let open = scan.wanted();
  const keep = (bytes) => {
    const room = maxLineBytes - pendingBytes;
    if (bytes.length > room) cut = true;
    const kept = bytes.length > room ? bytes.subarray(0, room) : bytes;
    if (kept.length === 0) return;
    pending.push(Buffer.from(kept));
    pendingBytes += kept.length;
  };
  const flushPending = () => {
    const line = Buffer.concat(pending, pendingBytes).toString("utf8");
    const wasCut = cut;
    pending = [];
    pendingBytes = 0;
    cut = false;
    return scan.line(line, true, wasCut);
  };
  return {
    push(view) {
      if (!open) return false;
      const last = view.lastIndexOf(NEWLINE$1);
      if (last === -1) {
        keep(view);
        return true;
      }
      let start = 0;
      if (pendingBytes > 0 || cut) {
        const first = view.indexOf(NEWLINE$1);
        keep(view.subarray(0, first));
        if (!flushPending()) return open = false;
        start = first + 1;
      }
      if (start <= last) {
        const text = view.toString("utf8", start, last);
        if (!(skipUnmarked ? markedLines(scan, text) : everyLine(scan, text))) return open = false;
      }
      keep(view.subarray(last + 1));
      return true;
    },
    end() {
      if (open && (pendingBytes > 0 || cut)) flushPending();
      open = false;
    }
  };
}
function everyLine(scan, text) {
  const mayMatch = scan.block(text);
  let from = 0;
  for (; ; ) {
    const end = text.indexOf("\n", from);
    if (!scan.line(end === -1 ? text.slice(from) : text.slice(from, end), mayMatch, false)) return false;
    if (end === -1) return true;
    from = end + 1;
  }
}
function markedLines(scan, text) {
  const markers = scan.markers?.() ?? null;
  if (markers !== null && !markers.test(text)) return true;
  return everyLine(scan, text);
}

const DECODE_BYTES = 64 * 1024;
function transcriptPass(options, hash = inlineSha256()) {
  const scan = createLineScan(options);
  const splitter = lineSplitter(scan, void 0, true);
  let bytes = 0;
  let reading = scan.wanted();
  return {
    push(chunk) {
      hash.update(chunk);
      bytes += chunk.length;
      for (let at = 0; reading && at < chunk.length; at += DECODE_BYTES)
        reading = splitter.push(chunk.subarray(at, Math.min(chunk.length, at + DECODE_BYTES)));
    },
    end() {
      splitter.end();
      return { ...scan.result(), sha256: hash.digest(), bytes };
    }
  };
}
async function scanTranscript(path, options) {
  try {
    return await scanOnce(path, options, OFF_THREAD_FROM);
  } catch (error) {
    if (!(error instanceof HashRangeError)) throw error;
    return scanOnce(path, options, Infinity);
  }
}
async function scanOnce(path, options, offThreadFrom) {
  const handle = await openInputFile(path, { what: "transcript", maxBytes: Infinity });
  const sha256 = fileSha256(handle.fd, { from: offThreadFrom, release: true });
  try {
    const pass = transcriptPass(options, sha256);
    await withChunkReader((reader) => reader.readToEnd(handle, null, (chunk) => pass.push(chunk)));
    await sha256.done();
    const facts = pass.end();
    const info = await handle.stat();
    if (info.size === facts.bytes) rememberSha256(path, info, facts.sha256);
    return facts;
  } finally {
    sha256.settle();
    await handle.close();
  }
}

function compact(n) {
  const abs = Math.abs(n);
  if (abs >= 1e9) return `${(n / 1e9).toFixed(1)}G`;
  if (abs >= 1e6) return `${(n / 1e6).toFixed(1)}M`;
  if (abs >= 1e4) return `${(n / 1e3).toFixed(1)}k`;
  return Number.isInteger(n) ? String(n) : n.toFixed(1);
}
const usd = (n) => `$${n.toFixed(2)}`;
function duration(secs) {
  const s = Math.round(secs);
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, "0")}s`;
  return `${Math.floor(s / 3600)}h ${String(Math.floor(s % 3600 / 60)).padStart(2, "0")}m`;
}
const when = (iso) => iso.replace("T", " ").slice(0, 16);
function num(n) {
  const rounded = Math.round(n * 10) / 10;
  return Number.isInteger(rounded) ? String(rounded) : rounded.toFixed(1);
}

function extractOptions(config, nowMs = Date.now()) {
  return {
    commitPatterns: config.commit_detection.patterns.map((p) => compilePattern(p)),
    minOutputBytes: config.watchdog.min_output_bytes,
    rateLimitPatterns: config.rate_limit.patterns.map((p) => compilePattern(p)),
    nowMs
  };
}

const CLAUDE_TYPES = /* @__PURE__ */ new Set([
  "system",
  "assistant",
  "user",
  "stream_event",
  "rate_limit_event"
]);
const GEMINI_TYPES = /* @__PURE__ */ new Set(["init", "message", "tool_use", "tool_result"]);
const CODEX_PREFIXES = ["thread.", "turn.", "item."];
const WORKER_TYPES = /* @__PURE__ */ new Set(["start", "iteration"]);
const MAX_LINES = 50;
const TYPE_HEAD = /^\{"type":"([a-z_.]+)"/;
function formatOfType(type, event) {
  if (CLAUDE_TYPES.has(type)) return "claude";
  if (GEMINI_TYPES.has(type)) return "gemini";
  if (CODEX_PREFIXES.some((p) => type.startsWith(p))) return "codex";
  if (WORKER_TYPES.has(type)) return "json-actions";
  if (type === "result" && event !== null) {
    if ("task_id" in event) return "json-actions";
    if ("subtype" in event || "is_error" in event) return "claude";
    if ("status" in event || "stats" in event) return "gemini";
  }
  return null;
}
function detectFormat(firstLines) {
  let seen = 0;
  for (const raw of firstLines.split("\n")) {
    if (seen++ >= MAX_LINES) break;
    const line = raw.trim();
    if (!line.startsWith("{")) continue;
    let event = null;
    try {
      const value = JSON.parse(line);
      if (typeof value === "object" && value !== null && !Array.isArray(value))
        event = value;
    } catch {
    }
    const type = event === null ? TYPE_HEAD.exec(line)?.[1] ?? null : event.type;
    if (typeof type !== "string") continue;
    const format = formatOfType(type, event);
    if (format !== null) return format;
  }
  return "text";
}

const INFLATE_CHUNK = 256 * 1024;
const OPEN = { what: "transcript", maxBytes: Infinity };
async function readTranscript(path, start) {
  if (compressionOf(path) !== null) return readCompressed(path, start(inlineSha256()));
  try {
    return await readPlain(path, start, true);
  } catch (error) {
    if (!(error instanceof HashRangeError)) throw error;
    return readPlain(path, start, false);
  }
}
async function readPlain(path, start, offThread) {
  const { fd, info } = openInputFileSync(path, OPEN);
  if (info.size > SYNC_READ_MAX) {
    closeSync(fd);
    return readLarge(path, start, offThread);
  }
  const sha256 = offThread ? fileSha256(fd, { from: 0 }) : inlineSha256();
  try {
    const { push, finish } = start(sha256);
    const bytes = await withChunkReader((reader) => reader.readToEndSync(fd, push));
    await sha256.done();
    return await finish(
      lastOf((buffer, offset, length, position) => readSync(fd, buffer, offset, length, position), bytes)
    );
  } finally {
    sha256.settle();
    closeSync(fd);
  }
}
async function readLarge(path, start, offThread) {
  const handle = await openInputFile(path, OPEN);
  const sha256 = offThread ? fileSha256(handle.fd, { from: 0 }) : inlineSha256();
  try {
    const { push, finish } = start(sha256);
    const bytes = await withChunkReader((reader) => reader.readToEnd(handle, null, push));
    await sha256.done();
    return await finish(
      lastOf(
        async (buffer, offset, length, position) => (await handle.read(buffer, offset, length, position)).bytesRead,
        bytes
      )
    );
  } finally {
    sha256.settle();
    await handle.close();
  }
}
function lastOf(read, bytes) {
  return async (n) => {
    const last = Buffer.allocUnsafe(Math.min(n, bytes));
    return last.subarray(0, await fillAt(read, last, bytes - last.length));
  };
}
async function readCompressed(path, { push, finish }) {
  const handle = await openInputFile(path, OPEN);
  try {
    const tail = new TailWindow(WIDE_TAIL_BYTES);
    await pipeline(
      handle.createReadStream({ autoClose: false, highWaterMark: READ_CHUNK }),
      decompressorFor(path, { chunkSize: INFLATE_CHUNK }),
      async (input) => {
        for await (const chunk of input) {
          push(chunk);
          tail.push(chunk);
        }
      }
    );
    return await finish((n) => Promise.resolve(tail.last(n)));
  } finally {
    await handle.close();
  }
}
function transcriptSha256(path) {
  return sha256File(path, compressionOf(path) === null ? void 0 : decompressorFor(path));
}
class TailWindow {
  constructor(limit) {
    this.limit = limit;
  }
  limit;
  chunks = [];
  bytes = 0;
  push(chunk) {
    this.chunks.push(chunk);
    this.bytes += chunk.length;
    while (this.chunks.length > 1 && this.bytes - (this.chunks[0]?.length ?? 0) >= this.limit) {
      this.bytes -= this.chunks.shift()?.length ?? 0;
    }
  }
  /** The last `n` bytes held. */
  last(n) {
    const all = Buffer.concat(this.chunks, this.bytes);
    return all.length > n ? all.subarray(all.length - n) : all;
  }
}

const DETECT_BYTES = 64 * 1024;
const DETECT_LINES = 50;
const NEWLINE = 10;
function newlines(chunk) {
  let count = 0;
  for (let at = chunk.indexOf(NEWLINE); at !== -1; at = chunk.indexOf(NEWLINE, at + 1)) count++;
  return count;
}
function formatOf(first) {
  let end = -1;
  for (let n = 0; n <= DETECT_LINES; n++) {
    end = first.indexOf(NEWLINE, end + 1);
    if (end === -1) break;
  }
  return detectFormat(first.subarray(0, end === -1 ? first.length : end).toString("utf8"));
}
function startPass(format, options, sha256) {
  const adapter = adapterFor(format);
  return transcriptPass(
    {
      patterns: options.commitPatterns,
      agentText: adapter.agentText,
      toolCalls: adapter.toolCalls,
      turnShape: adapter.turnShape,
      lineMarkers: adapter.lineMarkers ?? null
    },
    sha256
  );
}
class Reading {
  constructor(options, sha256) {
    this.options = options;
    this.sha256 = sha256;
    if (options.format !== void 0) this.start(options.format);
  }
  options;
  sha256;
  format = null;
  pass = null;
  lines = 0;
  lastByte = NEWLINE;
  /** Copies of the first bytes, held until DETECT_BYTES are there to detect the format from. */
  head = [];
  headBytes = 0;
  push(chunk) {
    if (chunk.length === 0) return;
    this.lines += newlines(chunk);
    this.lastByte = chunk[chunk.length - 1];
    if (this.pass !== null) return this.pass.push(chunk);
    if (this.headBytes === 0 && chunk.length >= DETECT_BYTES) {
      this.start(formatOf(chunk)).push(chunk);
      return;
    }
    this.head.push(Buffer.from(chunk));
    this.headBytes += chunk.length;
    if (this.headBytes >= DETECT_BYTES) this.startFromHead();
  }
  end() {
    return (this.pass ?? this.startFromHead()).end();
  }
  start(format) {
    this.format = format;
    this.pass = startPass(format, this.options, this.sha256);
    return this.pass;
  }
  startFromHead() {
    const first = Buffer.concat(this.head, this.headBytes);
    this.head = [];
    const pass = this.start(formatOf(first));
    pass.push(first);
    return pass;
  }
}
async function extractTranscript(path, options) {
  const [reading, scanned, tailString, complete] = await readTranscript(path, (sha256) => {
    const reading2 = new Reading(options, sha256);
    return {
      push: (chunk) => reading2.push(chunk),
      finish: async (last) => {
        const scanned2 = reading2.end();
        return [reading2, scanned2, ...await tailText(last, scanned2.bytes)];
      }
    };
  });
  const bytes = scanned.bytes;
  const lines = reading.lines;
  const lastByte = reading.lastByte;
  const format = reading.format ?? "text";
  const adapter = adapterFor(format);
  const verdict = adapter.classify(tailString, complete, {
    patterns: options.rateLimitPatterns,
    now_ms: options.nowMs
  });
  let metrics = verdict.metrics;
  if (metrics.tool_calls === null && scanned.toolCalls !== null)
    metrics = { ...metrics, tool_calls: scanned.toolCalls };
  metrics = withTurnShape(metrics, scanned.turns, adapter.reportsTurns);
  const decision = classifyOutcome({
    endReason: "exited",
    outputBytes: bytes,
    minOutputBytes: options.minOutputBytes,
    verdict
  });
  const pattern = scanned.matchedPattern;
  return {
    sha256: bytes === 0 ? null : scanned.sha256,
    bytes,
    lines: lines + (lastByte === NEWLINE ? 0 : 1),
    format,
    model: metrics.model,
    turns: metrics.turns,
    narration_turns: metrics.narration_turns,
    parallel_turns: metrics.parallel_turns,
    tool_calls: metrics.tool_calls,
    input_tokens: metrics.input_tokens,
    output_tokens: metrics.output_tokens,
    cache_read_tokens: metrics.cache_read_tokens,
    cache_write_tokens: metrics.cache_write_tokens,
    cost_usd: metrics.cost_usd,
    agent_duration_ms: metrics.agent_duration_ms,
    // `cancelled` needs a forced end, which a file never shows.
    outcome: decision.outcome === "cancelled" ? "failed" : decision.outcome,
    failure_kind: decision.failure?.kind ?? null,
    failure_reason: decision.failure?.reason ?? null,
    committed: pattern !== null,
    commit_evidence: pattern === null ? null : "pattern",
    commit_pattern: pattern
  };
}
async function tailText(last, bytes) {
  const narrow = await last(TAIL_BYTES);
  const complete = narrow.length === bytes;
  const text = decodeTail(narrow, !complete);
  if (complete || text.trimEnd().includes("\n")) return [text, complete];
  const wide = await last(WIDE_TAIL_BYTES);
  return [decodeTail(wide, wide.length < bytes), wide.length === bytes];
}

function sessionNumberOf(fileName) {
  const match = /(?:^|[-_.])(\d+)\.jsonl(?:\.gz|\.zst)?$/.exec(fileName);
  return match === null ? null : Number(match[1]);
}
function transcriptNumber(fileName, prefix) {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const match = new RegExp(`^(?:${escaped}-)?(\\d+)\\.jsonl(?:\\.gz|\\.zst)?$`).exec(fileName);
  return match === null ? null : Number(match[1]);
}
const inRange = (n, from, to) => (from === void 0 || n >= from) && (to === void 0 || n <= to);
const plural = (n, what) => `${n} ${what}${n === 1 ? "" : "s"}`;
function ingestLine(result) {
  switch (result.kind) {
    case "recorded": {
      const f = result.facts;
      const tokens = f.input_tokens === null && f.output_tokens === null ? null : (f.input_tokens ?? 0) + (f.output_tokens ?? 0);
      const parts = [
        f.global === null ? null : `session ${f.global}`,
        f.format,
        f.outcome,
        f.turns === null ? null : plural(f.turns, "turn"),
        f.tool_calls === null ? null : plural(f.tool_calls, "tool call"),
        tokens === null ? null : `${compact(tokens)} tokens`,
        f.cost_usd === null ? null : usd(f.cost_usd),
        f.committed === null ? null : f.committed ? "committed" : "no commit"
      ].filter((p) => p !== null);
      return `recorded ${result.file}: ${parts.join(", ")}`;
    }
    case "already":
      return result.sameAs === void 0 ? `already recorded ${result.file}` : `already recorded ${result.file} (the same content as ${result.sameAs})`;
    case "skipped":
      return `skipped ${result.file}: 0 bytes, nothing to record`;
    case "error":
      return `error ${result.file}: ${result.message}`;
  }
}
function ingestSummary(results) {
  const n = (kind) => results.filter((r) => r.kind === kind).length;
  const errors = n("error");
  return `${results.length} file${results.length === 1 ? "" : "s"}: ${n("recorded")} recorded, ${n("already")} already recorded, ${n("skipped")} skipped (0 bytes), ${errors} error${errors === 1 ? "" : "s"}`;
}

function transcriptCounters(facts) {
  return {
    format: facts.format,
    model: facts.model,
    turns: facts.turns,
    narration_turns: facts.narration_turns,
    parallel_turns: facts.parallel_turns,
    tool_calls: facts.tool_calls,
    input_tokens: facts.input_tokens,
    output_tokens: facts.output_tokens,
    cache_read_tokens: facts.cache_read_tokens,
    cache_write_tokens: facts.cache_write_tokens,
    cost_usd: facts.cost_usd
  };
}
function rebuildFacts(row, facts) {
  if (facts.sha256 === null || row.sha256 !== null && facts.sha256 !== row.sha256) return null;
  const counters = transcriptCounters(facts);
  if (row.source === "loop" || row.outcome === CUT_SHORT) return counters;
  return {
    ...counters,
    outcome: facts.outcome,
    failure_kind: facts.failure_kind,
    failure_reason: facts.failure_reason,
    duration_secs: facts.agent_duration_ms === null ? null : facts.agent_duration_ms / 1e3,
    output_bytes: facts.bytes,
    committed: facts.committed,
    commit_evidence: facts.commit_evidence
  };
}

const ingestKey = (name, sha256) => `file:${transcriptName(name)}:${sha256}`;
function ingestFacts(facts, file) {
  const ended = new Date(file.mtimeMs);
  const durationSecs = facts.agent_duration_ms === null ? null : facts.agent_duration_ms / 1e3;
  return {
    key: ingestKey(file.name, facts.sha256),
    source: "ingest",
    started_at: durationSecs === null ? null : new Date(ended.getTime() - durationSecs * 1e3).toISOString(),
    ended_at: ended.toISOString(),
    transcript: file.path,
    sha256: facts.sha256,
    global: sessionNumberOf(file.name),
    iteration: null,
    run: null,
    ...transcriptCounters(facts),
    outcome: facts.outcome,
    failure_kind: facts.failure_kind,
    failure_reason: facts.failure_reason,
    duration_secs: durationSecs,
    output_bytes: facts.bytes,
    exit_code: null,
    committed: facts.committed,
    commit_evidence: facts.commit_evidence,
    task_id: null,
    plan_id: null,
    phase: null
  };
}
function cutShortFacts(facts, file, context) {
  const ended = new Date(file.mtimeMs);
  const durationSecs = facts.agent_duration_ms === null ? null : facts.agent_duration_ms / 1e3;
  return {
    key: loopKey(context.run, file.global),
    source: context.source,
    started_at: durationSecs === null ? null : new Date(ended.getTime() - durationSecs * 1e3).toISOString(),
    ended_at: ended.toISOString(),
    transcript: file.path,
    sha256: facts.sha256,
    global: file.global,
    iteration: null,
    run: context.run,
    ...transcriptCounters(facts),
    outcome: CUT_SHORT,
    failure_kind: null,
    failure_reason: null,
    duration_secs: durationSecs,
    output_bytes: facts.bytes,
    exit_code: null,
    committed: facts.committed ? true : null,
    commit_evidence: facts.commit_evidence,
    task_id: null,
    plan_id: null,
    phase: null
  };
}

function loopFacts(event, context) {
  const ended = context.endedAtMs;
  return {
    key: loopKey(context.run, event.global),
    source: "loop",
    started_at: new Date(ended - event.duration_secs * 1e3).toISOString(),
    ended_at: new Date(ended).toISOString(),
    transcript: event.output_file,
    sha256: context.sha256,
    global: event.global,
    iteration: event.iteration,
    run: context.run,
    format: context.format,
    model: event.model ?? null,
    outcome: event.outcome,
    failure_kind: event.failure_kind,
    failure_reason: event.failure_reason,
    duration_secs: event.duration_secs,
    output_bytes: event.output_bytes,
    exit_code: event.exit_code,
    turns: event.turns,
    narration_turns: event.narration_turns ?? null,
    parallel_turns: event.parallel_turns ?? null,
    tool_calls: event.tool_calls,
    input_tokens: event.input_tokens,
    output_tokens: event.output_tokens,
    cache_read_tokens: event.cache_read_tokens ?? null,
    cache_write_tokens: event.cache_write_tokens ?? null,
    cost_usd: event.cost_usd,
    committed: event.committed,
    commit_evidence: event.commit_evidence ?? null,
    task_id: event.task_id ?? null,
    plan_id: event.plan_id ?? null,
    phase: event.phase ?? null
  };
}

const UNKNOWN_RUN = "unknown";
function logView() {
  const view = { runs: [], completed: [] };
  return {
    view,
    add(line) {
      const start = line.includes('"loop_start"');
      if (!start && !line.includes('"session_complete"')) return;
      const parsed = parseEventLine(line);
      if (parsed.kind !== "event") return;
      const event = parsed.event;
      if (event.event === "loop_start") {
        if (typeof event.global !== "number") return;
        view.runs.push({ id: `pid${event.pid ?? "?"}@${event.ts ?? "?"}`, first: event.global });
        return;
      }
      if (event.event !== "session_complete" || event.v !== EVENT_LOG_VERSION) return;
      const { ts, v: _v, ...rest } = event;
      view.completed.push({ event: rest, ts, run: view.runs.at(-1)?.id ?? null });
    }
  };
}
function runOf(runs, global) {
  let found = null;
  for (const run of runs) if (run.first <= global) found = run.id;
  return found;
}
function findUnrecorded(input) {
  const { log, files, known } = input;
  const bySlot = new Map(files.map((file) => [transcriptSlot(file.global, file.path), file]));
  const logged = /* @__PURE__ */ new Set();
  const found = [];
  for (const { event, ts, run } of log.completed) {
    const slot = transcriptSlot(event.global, event.output_file);
    if (logged.has(slot)) continue;
    logged.add(slot);
    if (known.has(slot)) continue;
    found.push({ kind: "completed", event, ts, run: run ?? UNKNOWN_RUN, file: bySlot.get(slot) ?? null });
  }
  const hint = input.hint ?? null;
  for (const [slot, file] of bySlot) {
    if (known.has(slot) || logged.has(slot)) continue;
    const hinted = hint !== null && transcriptSlot(hint.global, hint.output_file) === slot;
    const run = hinted ? hint.run : runOf(log.runs, file.global);
    if (run !== null) found.push({ kind: "cut_short", file, run });
  }
  return found;
}

async function readLogView(path) {
  const view = logView();
  if (path === null) return view.view;
  try {
    if (!(await stat(path)).isFile()) return view.view;
    const lines = createInterface({ input: createReadStream(path), crlfDelay: Infinity });
    for await (const line of lines) view.add(line);
  } catch {
  }
  return view.view;
}
async function pendingSessions(store, input) {
  const [log, files] = await Promise.all([
    readLogView(input.eventLog),
    transcriptFiles(input.outputDir, input.prefix)
  ]);
  return findUnrecorded({ log, files, known: store.sessionTranscripts(), hint: input.hint ?? null });
}
const stateOf = (file) => file === null ? "plain" : compressionOf(file.path) ?? "plain";
async function pendingFacts(entry, input, source) {
  if (entry.kind === "cut_short") {
    const extracted = await extractTranscript(entry.file.path, input.extract);
    return {
      facts: cutShortFacts(extracted, entry.file, { run: entry.run, source }),
      transcript: { path: entry.file.path, bytes: extracted.bytes, state: stateOf(entry.file) }
    };
  }
  const { event, file } = entry;
  const sha256 = file !== null && event.output_bytes > 0 ? await transcriptSha256(file.path) : null;
  const facts = loopFacts(event, {
    sha256,
    run: entry.run,
    format: input.format,
    endedAtMs: Date.parse(entry.ts)
  });
  return {
    facts,
    transcript: { path: file?.path ?? event.output_file, bytes: event.output_bytes, state: stateOf(file) }
  };
}
async function recordPending(store, input) {
  const report = { completed: 0, cutShort: 0, problems: [] };
  for (const entry of await pendingSessions(store, input)) {
    let pending;
    try {
      pending = await pendingFacts(entry, input, "loop");
    } catch (error) {
      const path = entry.kind === "cut_short" ? entry.file.path : entry.file?.path ?? entry.event.output_file;
      report.problems.push({ path, why: error instanceof Error ? error.message : String(error) });
      continue;
    }
    const tags = ["recovered", entry.kind === "cut_short" ? "cut_short" : "event_log"];
    if (store.record(pending.facts, "loop", { ...pending.transcript, tags }) === "recorded") {
      if (entry.kind === "cut_short") report.cutShort++;
      else report.completed++;
    }
  }
  return report;
}

export { resetWaitLeftMs as A, recordPending as B, loopFacts as C, RESET_RECHECK_MS as R, extractTranscript as a, pendingSessions as b, compact as c, duration as d, extractOptions as e, ingestLine as f, ingestSummary as g, transcriptNumber as h, ingestFacts as i, inRange as j, adapterFor as k, fileSha256 as l, transcriptPass as m, num as n, scanTranscript as o, pendingFacts as p, withTurnShape as q, rebuildFacts as r, sessionNumberOf as s, transcriptSha256 as t, usd as u, classifyOutcome as v, when as w, fatalAdvice as x, backoffMs as y, rateLimitWait as z };
