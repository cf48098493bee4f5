// Turns the many ways agent CLIs announce "try again later" into an epoch-ms instant. Pure: the caller supplies
// "now", so the same text always resolves the same way in tests and in the loop.

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

const DAY_MS = 86_400_000;

export const epochSecondsToMs = (seconds: number): number => Math.round(seconds * 1000);

/**
 * Epoch ms at which the limit described in `text` resets, or null when the text names no reset time.
 * Wall-clock times without a zone are read in `defaultZone` (an IANA name; unknown names fall back to UTC).
 */
export function parseResetTime(text: string, nowMs: number, defaultZone = 'UTC'): number | null {
  return (
    parseEpochSuffix(text) ??
    parseResetField(text, nowMs) ??
    parseIsoTimestamp(text) ??
    parseRetryAfter(text, nowMs) ??
    parseRelative(text, nowMs) ??
    parseWaitFor(text, nowMs) ??
    parseWallClock(text, nowMs, defaultZone)
  );
}

// Older Claude CLIs: "Claude AI usage limit reached|1760000000".
function parseEpochSuffix(text: string): number | null {
  const m = /limit reached\s*\|\s*(\d{9,13})\b/i.exec(text);
  if (!m?.[1]) return null;
  const n = Number(m[1]);
  // 13 digits is already milliseconds; anything shorter is seconds.
  return m[1].length >= 13 ? n : epochSecondsToMs(n);
}

// The Codex backend's usage_limit_reached body: `"resets_at":1777936568`, `"resets_in_seconds":13872`.
function parseResetField(text: string, nowMs: number): number | null {
  const at = /"resets_at"\s*:\s*(\d{10,13})\b/.exec(text);
  if (at?.[1]) return at[1].length >= 13 ? Number(at[1]) : epochSecondsToMs(Number(at[1]));
  const inSeconds = /"resets_in_seconds"\s*:\s*(\d+(?:\.\d+)?)/.exec(text);
  if (inSeconds?.[1]) return nowMs + Math.round(Number(inSeconds[1]) * 1000);
  return null;
}

// An HTTP `Retry-After: 30` header echoed in an error, `"retry_after": 30`, or Gemini's RetryInfo
// `"retryDelay": "2.5s"`. An HTTP-date Retry-After is read too.
function parseRetryAfter(text: string, nowMs: number): number | null {
  const seconds =
    /\bretry[-_ ]?after["']?\s*[:=]\s*["']?(\d+(?:\.\d+)?)(?:\s*s(?:ec(?:ond)?s?)?)?\b(?![-:/])/i.exec(text);
  if (seconds?.[1]) return nowMs + Math.round(Number(seconds[1]) * 1000);
  const delay = /"retryDelay"\s*:\s*"(\d+(?:\.\d+)?)s"/.exec(text);
  if (delay?.[1]) return nowMs + Math.round(Number(delay[1]) * 1000);
  const date =
    /\bretry[-_ ]?after["']?\s*[:=]\s*["']?((?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} GMT)/i.exec(
      text,
    );
  if (date?.[1]) {
    const ms = Date.parse(date[1]);
    return Number.isNaN(ms) ? null : ms;
  }
  return null;
}

function parseIsoTimestamp(text: string): number | null {
  const m =
    /\b(?:resets?(?:\s+at)?|try again at|retry at|until)\s*:?\s*(\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)(Z|[+-]\d{2}:?\d{2})?/i.exec(
      text,
    );
  if (!m?.[1]) return null;
  // Without an offset JS would read local time; the harness reads zone-less times as UTC everywhere.
  const ms = Date.parse(`${m[1].replace(' ', 'T')}${m[2] ?? 'Z'}`);
  return Number.isNaN(ms) ? null : ms;
}

const UNIT_MS: ReadonlyArray<[RegExp, number]> = [
  [/^d(?:ays?)?$/i, DAY_MS],
  [/^h(?:(?:ou)?rs?)?$/i, 3_600_000],
  [/^m(?:in(?:ute)?s?)?$/i, 60_000],
  [/^s(?:ec(?:ond)?s?)?$/i, 1000],
];

// The unit must not run into more letters ("3 steps" is no duration) but may run into digits ("2h13m5s").
const DURATION_PART = String.raw`\d+(?:\.\d+)?\s*(?:days?|d|hours?|hrs?|h|minutes?|mins?|m|seconds?|secs?|s)(?![a-z])`;
const RELATIVE_RE = new RegExp(
  String.raw`\b(?:in|after)\s+((?:${DURATION_PART}(?:\s*,?\s*(?:and\s+)?)?)+|less than a minute)`,
  'i',
);

// Codex "try again in 2 hours 5 minutes", "in 3 days 2 hours", Gemini "reset after 2h13m5s", "retry in 23.5s".
function parseRelative(text: string, nowMs: number): number | null {
  const m = RELATIVE_RE.exec(text);
  if (!m?.[1]) return null;
  if (/^less than a minute$/i.test(m[1])) return nowMs + 60_000;
  let total = 0;
  for (const part of m[1].matchAll(/(\d+(?:\.\d+)?)\s*([a-z]+)/gi)) {
    const unit = UNIT_MS.find(([re]) => re.test(part[2] ?? ''));
    if (unit) total += Number(part[1]) * unit[1];
  }
  return total > 0 ? nowMs + Math.round(total) : null;
}

// "Please wait 60 seconds." (mikeyobrien/ralph-orchestrator tests/test_integration.py; case
// peer-orch-rate-limit-wait-60s), "try again in about an hour" (frankbria/ralph-claude-code tests/helpers/fixtures.bash;
// case peer-ralph-5-hour-limit-output): a wait named with "wait", or roughly ("about", "an").
const WAIT_FOR_RE =
  /\b(?:wait|in)\s+(?:(?:about|around|roughly|approximately)\s+)?(\d+(?:\.\d+)?|an?)\s*(seconds?|secs?|minutes?|mins?|hours?|hrs?)\b/i;

function parseWaitFor(text: string, nowMs: number): number | null {
  const m = WAIT_FOR_RE.exec(text);
  if (!m?.[1] || !m[2]) return null;
  const count = /^an?$/i.test(m[1]) ? 1 : Number(m[1]);
  const unit = UNIT_MS.find(([re]) => re.test(m[2] ?? ''));
  return unit && count > 0 ? nowMs + Math.round(count * unit[1]) : null;
}

const WALL_CLOCK_RE = new RegExp(
  [
    String.raw`\b(?:resets?|try again|retry)(?:\s+at)?\s+`,
    // Optional date, as Claude ("Jan 5, 3pm", "Jan 5, 2027, 3pm") and Codex ("Sep 25th, 2025 3:05 PM") print it.
    String.raw`(?:(${MONTHS.join('|')})[a-z]*\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(?:(\d{4}),?\s+)?(?:at\s+)?)?`,
    String.raw`(\d{1,2})(?::(\d{2}))?\s*(?:([ap])\.?\s?m\b\.?)?`,
    String.raw`(?:\s*\(([^)]+)\)|\s+(UTC|GMT|Z)\b|\s+([A-Za-z]+\/[A-Za-z_]+(?:\/[A-Za-z_]+)?))?`,
  ].join(''),
  'i',
);

// Claude "resets 1pm (Europe/Lisbon)", "resets 13:00", "resets at 2am (America/New_York)", "resets 5pm UTC".
function parseWallClock(text: string, nowMs: number, defaultZone: string): number | null {
  const m = WALL_CLOCK_RE.exec(text);
  if (!m) return null;
  const [, monthName, dayText, yearText, hourText, minuteText, meridiem, parenZone, utcZone, bareZone] = m;
  // A bare number ("resets 5") is too ambiguous to act on: require a minute or am/pm.
  if (minuteText === undefined && meridiem === undefined) return null;
  let hour = Number(hourText);
  const minute = minuteText === undefined ? 0 : Number(minuteText);
  if (meridiem !== undefined) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (meridiem.toLowerCase() === 'p' ? 12 : 0);
  }
  if (hour > 23 || minute > 59) return null;
  const zone = resolveZone(parenZone ?? utcZone ?? bareZone ?? defaultZone);
  const today = zonedDate(nowMs, zone);

  if (monthName !== undefined && dayText !== undefined) {
    const month = MONTHS.indexOf(monthName.toLowerCase().slice(0, 3)) + 1;
    const day = Number(dayText);
    if (yearText !== undefined) return zonedToEpoch(Number(yearText), month, day, hour, minute, zone);
    // No year: the next such date, allowing a day of slack for a reset that has only just passed.
    const thisYear = zonedToEpoch(today.year, month, day, hour, minute, zone);
    return thisYear >= nowMs - DAY_MS
      ? thisYear
      : zonedToEpoch(today.year + 1, month, day, hour, minute, zone);
  }

  const candidate = zonedToEpoch(today.year, today.month, today.day, hour, minute, zone);
  if (candidate > nowMs) return candidate;
  // Already past today: the same wall-clock time on the next calendar day in that zone (DST-aware).
  const next = new Date(Date.UTC(today.year, today.month - 1, today.day + 1));
  return zonedToEpoch(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), hour, minute, zone);
}

function resolveZone(name: string): string {
  const trimmed = name.trim();
  if (/^(?:utc|gmt|z)$/i.test(trimmed)) return 'UTC';
  try {
    return formatterFor(trimmed).resolvedOptions().timeZone;
  } catch {
    return 'UTC';
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, f);
  }
  return f;
}

interface ZonedParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function zonedDate(ms: number, zone: string): ZonedParts {
  const parts: Record<string, number> = {};
  for (const p of formatterFor(zone).formatToParts(new Date(ms))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  return {
    year: parts.year ?? 1970,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: (parts.hour ?? 0) % 24,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/** How far `zone` is ahead of UTC at instant `ms`, in ms. */
function zoneOffset(ms: number, zone: string): number {
  const p = zonedDate(ms, zone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(ms / 1000) * 1000;
}

function zonedToEpoch(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  zone: string,
): number {
  const naive = Date.UTC(year, month - 1, day, hour, minute);
  // The offset depends on the instant we are solving for, so a second pass settles it across a DST change.
  const first = naive - zoneOffset(naive, zone);
  const second = naive - zoneOffset(first, zone);
  if (second === first) return first;
  const shows = (t: number): boolean => {
    const p = zonedDate(t, zone);
    return p.hour === hour && p.minute === minute;
  };
  if (shows(second)) return second;
  if (shows(first)) return first;
  // The time falls in a spring-forward gap and never shows on a clock: waiting longer is the safe side.
  return Math.max(first, second);
}
