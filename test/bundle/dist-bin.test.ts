// The package's bin, dist/cli.js, is built executable with a node hashbang, so it runs as `agent-harness` and
// `npm install` (which sets the bit on bins) does not dirty a clone.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/workdir.js';
import { DIST_CLI as CLI } from './dist.js';

const bin = (
  JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    bin: Record<string, string>;
  }
).bin;

describe('dist/cli.js', () => {
  it('is the bin of package.json', () => {
    expect(bin).toEqual({ 'agent-harness': 'dist/cli.js' });
  });

  it('starts with a node hashbang', () => {
    expect(readFileSync(CLI, 'utf8').split('\n', 1)[0]).toBe('#!/usr/bin/env node');
  });

  it('is executable by its owner, group and others', () => {
    expect(statSync(CLI).mode & 0o777).toBe(0o755);
  });
});
