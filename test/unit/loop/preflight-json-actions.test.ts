// Preflight with agent.format = "json-actions": the agent is the harness's own worker, so agent.command is never
// looked up; a caller that cannot start the harness itself is told so before anything is written.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { configSchema } from '../../../src/config/schema.js';
import { preflight, PreflightError } from '../../../src/loop/preflight.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function cwd(): string {
  const dir = mkdtempSync(join(tmpdir(), 'ah-preflight-'));
  dirs.push(dir);
  writeFileSync(join(dir, 'PROMPT.md'), 'x\n');
  return dir;
}

describe('preflight with json-actions', () => {
  const config = (format: 'claude' | 'json-actions') =>
    configSchema.parse({ agent: { format, command: 'no-such-agent-anywhere' } });

  it('does not need agent.command', () => {
    expect(() => preflight(config('json-actions'), cwd(), { self: true })).not.toThrow();
    expect(() => preflight(config('claude'), cwd(), { self: true })).toThrow(/no-such-agent-anywhere/);
  });

  it('needs a way to start the harness itself', () => {
    expect(() => preflight(config('json-actions'), cwd(), { self: false })).toThrow(PreflightError);
    expect(() => preflight(config('json-actions'), cwd(), { self: false })).toThrow(/json-actions/);
  });
});
