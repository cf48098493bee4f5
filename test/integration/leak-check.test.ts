// The suite-wide leak check is a real check: a test file that leaves a daemon carrying a session cookie fails,
// and the daemon does not outlive the check.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeWorkdir, NODE, ROOT } from '../support/workdir.js';
import { pidAlive } from '../support/processes.js';

describe('the suite-wide leak check', () => {
  it('fails a test file that leaves a process carrying a session cookie, and ends that process', async () => {
    const w = makeWorkdir();
    const pidFile = w.path('leak.pid');
    const child = spawn(
      NODE,
      [
        join(ROOT, 'node_modules', 'vitest', 'vitest.mjs'),
        'run',
        '--config',
        join(ROOT, 'test', 'fixtures', 'leak', 'vitest.config.ts'),
      ],
      { cwd: ROOT, env: { ...process.env, LEAK_PID_FILE: pidFile }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
    expect(code, output).not.toBe(0);
    expect(output).toContain('left 1 process(es) carrying a harness session cookie');
    expect(output).toContain('left-by-a-test');
    const pid = Number(readFileSync(pidFile, 'utf8'));
    expect(pidAlive(pid)).toBe(false);
  });
});
