import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compilePattern } from '../../../src/config/regex.js';
import { scanTranscript } from '../../../src/loop/transcript-scan.js';

const dir = mkdtempSync(join(tmpdir(), 'ah-scan-'));
const MARK = '"type":"tool_use"';

describe('scanTranscript', () => {
  it('counts every marker exactly, wherever the 64 KiB chunk boundaries fall', async () => {
    for (const shift of [0, 1, 7, 16, 17, 4095, 4096, 65_530]) {
      const parts = ['x'.repeat(shift)];
      for (let i = 0; i < 500; i++) parts.push(`{${MARK},"n":${i}}\n`, 'y'.repeat((i * 977) % 3000));
      const path = join(dir, `m-${shift}.jsonl`);
      writeFileSync(path, parts.join(''));
      expect((await scanTranscript(path, [], MARK)).markerCount).toBe(500);
    }
  });

  it('finds a pattern that straddles a chunk boundary, case-insensitively with (?i)', async () => {
    const path = join(dir, 'p.jsonl');
    const head = 'z'.repeat(64 * 1024 - 5);
    writeFileSync(path, `${head}ran GIT COMMIT -m x\n${'z'.repeat(200_000)}`);
    const result = await scanTranscript(
      path,
      [compilePattern('bd-finish'), compilePattern('(?i)git commit')],
      MARK,
    );
    expect(result.matchedPattern).toBe('git commit');
    expect((await scanTranscript(path, [compilePattern('git commit')], null)).matchedPattern).toBeNull();
  });
});
