import { describe, it, expect } from 'vitest';
import { epochSecondsToMs, parseResetTime } from '../../../src/agents/reset-time.js';
import { at } from './fixtures.js';

// Thursday 2025-10-09 10:00 UTC: Lisbon is on summer time (UTC+1), New York on EDT (UTC-4).
const NOW = at('2025-10-09T10:00:00Z');

describe('parseResetTime', () => {
  it('reads the epoch seconds of the old Claude usage-limit text', () => {
    expect(parseResetTime('Claude AI usage limit reached|1760000000', NOW)).toBe(1_760_000_000_000);
    expect(epochSecondsToMs(1_760_000_000)).toBe(1_760_000_000_000);
  });

  it.each([
    ["You've hit your limit · resets 1pm (Europe/Lisbon)", '2025-10-09T12:00:00Z'],
    ['resets 1:30pm', '2025-10-09T13:30:00Z'],
    ['resets 13:00', '2025-10-09T13:00:00Z'],
    ['resets 5pm UTC', '2025-10-09T17:00:00Z'],
    ['resets 12pm', '2025-10-09T12:00:00Z'],
    ['resets 11:15 am (Asia/Tokyo)', '2025-10-10T02:15:00Z'],
  ])('%s → the next occurrence of that wall-clock time', (text, expected) => {
    expect(parseResetTime(text, NOW)).toBe(at(expected));
  });

  it('rolls over to the next day when the time has already passed in that zone', () => {
    // 10:00 UTC is 06:00 in New York, so 2am there has passed: tomorrow 2am EDT.
    expect(parseResetTime('resets at 2am (America/New_York)', NOW)).toBe(at('2025-10-10T06:00:00Z'));
    expect(parseResetTime('resets 9am UTC', NOW)).toBe(at('2025-10-10T09:00:00Z'));
    expect(parseResetTime('resets 12am', NOW)).toBe(at('2025-10-10T00:00:00Z'));
  });

  it('rolls over the year', () => {
    expect(parseResetTime('resets 1am UTC', at('2025-12-31T23:30:00Z'))).toBe(at('2026-01-01T01:00:00Z'));
  });

  it('uses the offset of the reset day, not of now, across a DST change', () => {
    // Europe moves to summer time on 2025-03-30 at 01:00 UTC.
    const beforeEu = at('2025-03-29T12:00:00Z');
    expect(parseResetTime('resets 11am (Europe/Lisbon)', beforeEu)).toBe(at('2025-03-30T10:00:00Z'));
    expect(parseResetTime('resets 3pm (Europe/Berlin)', beforeEu)).toBe(at('2025-03-29T14:00:00Z'));
    // New York springs forward on 2025-03-09 and falls back on 2025-11-02.
    expect(parseResetTime('resets 1pm (America/New_York)', at('2025-03-08T20:00:00Z'))).toBe(
      at('2025-03-09T17:00:00Z'),
    );
    expect(parseResetTime('resets 9am (America/New_York)', at('2025-11-01T20:00:00Z'))).toBe(
      at('2025-11-02T14:00:00Z'),
    );
  });

  it('resolves a time inside a spring-forward gap to the later side', () => {
    // 2:30am does not exist in New York on 2025-03-09; 3:30am EDT is the safe answer.
    expect(parseResetTime('resets 2:30am (America/New_York)', at('2025-03-08T20:00:00Z'))).toBe(
      at('2025-03-09T07:30:00Z'),
    );
  });

  it('treats an unknown zone as UTC and uses the default zone when none is named', () => {
    expect(parseResetTime('resets 1pm (Mars/Olympus_Mons)', NOW)).toBe(at('2025-10-09T13:00:00Z'));
    expect(parseResetTime('resets 1pm', NOW, 'Europe/Lisbon')).toBe(at('2025-10-09T12:00:00Z'));
  });

  it('reads dates as Claude and Codex print them for resets more than a day away', () => {
    expect(parseResetTime('resets Oct 12, 3pm (Europe/Lisbon)', NOW)).toBe(at('2025-10-12T14:00:00Z'));
    expect(parseResetTime('resets Jan 5, 2026, 9:30am (UTC)', NOW)).toBe(at('2026-01-05T09:30:00Z'));
    // Early in the year without a year named means next year.
    expect(parseResetTime('resets Jan 5, 3pm (UTC)', NOW)).toBe(at('2026-01-05T15:00:00Z'));
    expect(parseResetTime('or try again at Oct 12th, 2025 3:05 PM.', NOW, 'America/New_York')).toBe(
      at('2025-10-12T19:05:00Z'),
    );
    expect(parseResetTime('Try again at 3:05 PM.', NOW, 'America/New_York')).toBe(at('2025-10-09T19:05:00Z'));
  });

  it.each([
    ['try again in 2 hours 5 minutes', 2 * 3_600_000 + 5 * 60_000],
    ['Try again in 45 seconds.', 45_000],
    ['in 3 days 2 hours', 3 * 86_400_000 + 2 * 3_600_000],
    ['or try again in 1 day, 4 hours and 3 minutes', 86_400_000 + 4 * 3_600_000 + 3 * 60_000],
    ['Your quota will reset after 2h13m5s.', 2 * 3_600_000 + 13 * 60_000 + 5000],
    ['Please retry in 23.5s', 23_500],
    ['Try again in less than a minute.', 60_000],
  ])('%s → now plus the duration', (text, delta) => {
    expect(parseResetTime(text, NOW)).toBe(NOW + delta);
  });

  it('reads ISO timestamps after resets / reset at / try again at', () => {
    expect(parseResetTime('limit resets 2025-10-09T15:00:00Z', NOW)).toBe(at('2025-10-09T15:00:00Z'));
    expect(parseResetTime('reset at 2025-10-09T15:00:00+02:00', NOW)).toBe(at('2025-10-09T13:00:00Z'));
    expect(parseResetTime('try again at 2025-10-09 15:00', NOW)).toBe(at('2025-10-09T15:00:00Z'));
  });

  it('returns null when no reset time is given', () => {
    expect(parseResetTime('API Error: Request rejected (429) · Please try again later.', NOW)).toBeNull();
    expect(parseResetTime('resets 5', NOW)).toBeNull();
    expect(parseResetTime('resets 13pm', NOW)).toBeNull();
    expect(parseResetTime('', NOW)).toBeNull();
  });
});

describe('parseResetTime: wait hints from retries', () => {
  it.each([
    ['HTTP 429 Too Many Requests, retry-after: 30', 30_000],
    ['Retry-After: 2', 2_000],
    ['{"retry_after": 12.5}', 12_500],
    ['"retryDelay": "39s"', 39_000],
    ['Attempt 1 failed with status 429. Please retry in 2.5s.', 2_500],
    ['Rate limit exceeded. Try again in 20 seconds.', 20_000],
    ['Error: Rate limit exceeded. Please wait 60 seconds.', 60_000],
    ['Please try again in about an hour when your limit resets.', 3_600_000],
  ])('%s → now + the wait', (text, waitMs) => {
    expect(parseResetTime(text, NOW)).toBe(NOW + waitMs);
  });

  it('reads an HTTP-date Retry-After and the wall-clock separators Claude uses', () => {
    expect(parseResetTime('retry-after: Thu, 09 Oct 2025 10:05:00 GMT', NOW)).toBe(
      at('2025-10-09T10:05:00Z'),
    );
    expect(parseResetTime('5-hour limit reached ∙ resets 9pm', NOW)).toBe(at('2025-10-09T21:00:00Z'));
    expect(parseResetTime('Opus weekly limit reached ∙ resets Oct 31, 9am', NOW)).toBe(
      at('2025-10-31T09:00:00Z'),
    );
    expect(parseResetTime("You've hit your weekly limit · resets May 28 at 7pm (Europe/Madrid)", NOW)).toBe(
      at('2026-05-28T17:00:00Z'),
    );
  });

  it('does not read a date or a bare number after retry-after as seconds', () => {
    expect(parseResetTime('retry-after: 2025-10-09', NOW)).toBeNull();
  });
});

describe('parseResetTime: the Codex backend usage_limit_reached body', () => {
  it('reads resets_at, else resets_in_seconds', () => {
    expect(
      parseResetTime('{"type":"usage_limit_reached","resets_at":1777936568,"resets_in_seconds":13872}', NOW),
    ).toBe(1_777_936_568_000);
    expect(parseResetTime('{"type":"usage_limit_reached","resets_in_seconds":60}', NOW)).toBe(NOW + 60_000);
  });
});
