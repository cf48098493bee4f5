// Which sessions the history lacks, from the event log and the transcripts: logged sessions without a row, and
// transcripts a run started that neither the log nor the history finished (cut short). Pure.
import { describe, expect, it } from 'vitest';
import { eventLine } from '../../../src/state/event-log.js';
import type { TranscriptFile } from '../../../src/state/transcript-files.js';
import { transcriptSlot } from '../../../src/metrics/slot.js';
import { findUnrecorded, logView } from '../../../src/metrics/unrecorded.js';
import { sessionComplete } from '../../support/event-samples.js';

const DIR = '/w';
const file = (n: number, bytes = 100): TranscriptFile => ({
  path: `${DIR}/claude-iteration-${n}.jsonl`,
  name: `claude-iteration-${n}.jsonl`,
  global: n,
  mtimeMs: Date.UTC(2026, 0, 1) + n * 1000,
  bytes,
  compression: null,
});
const start = (global: number, pid: number, ms: number) =>
  JSON.stringify(eventLine({ event: 'loop_start', max_iterations: 5, global, pid }, ms));
const complete = (global: number, ms: number) =>
  JSON.stringify(eventLine(sessionComplete(global, { output_file: file(global).path }), ms));

function view(lines: string[]) {
  const built = logView();
  for (const line of lines) built.add(line);
  return built.view;
}

describe('findUnrecorded', () => {
  // A bash loop left 0 and 1; a run started at 2 and finished 2, was killed during 3; the next run did 4.
  const log = view([
    start(2, 100, Date.UTC(2026, 0, 2)),
    complete(2, Date.UTC(2026, 0, 2, 1)),
    'a torn line {"event":"session_complete',
    start(4, 200, Date.UTC(2026, 0, 3)),
    complete(4, Date.UTC(2026, 0, 3, 1)),
  ]);
  const files = [0, 1, 2, 3, 4].map((n) => file(n));

  it('finds a logged session without a row and a killed one, never a bash loop leftover', () => {
    const known = new Set([transcriptSlot(4, file(4).path)]);
    const found = findUnrecorded({ log, files, known });
    expect(
      found.map((f) => [f.kind, f.kind === 'cut_short' ? f.file.global : f.event.global, f.run]),
    ).toEqual([
      ['completed', 2, 'pid100@2026-01-02T00:00:00Z'],
      ['cut_short', 3, 'pid100@2026-01-02T00:00:00Z'],
    ]);
  });

  it('nothing once the history has them (by number and transcript, whatever the content or compression)', () => {
    const known = new Set([2, 3, 4].map((n) => transcriptSlot(n, `${file(n).path}${n === 3 ? '.zst' : ''}`)));
    expect(findUnrecorded({ log, files, known })).toEqual([]);
  });

  it("names a killed session by the dead run's cookie when its status file names it; without a log too", () => {
    const hint = { run: 'cookie-1', global: 3, output_file: file(3).path };
    const found = findUnrecorded({ log: view([]), files, known: new Set(), hint });
    expect(found).toEqual([{ kind: 'cut_short', file: file(3), run: 'cookie-1' }]);
  });
});
