// Under agent.isolation = "user", the directories agent.env names as the agent's home, config or temp directory
// are given to the agent's user as the tree is (ownPlaces): existing ones, outside the tree, outermost only; one
// that holds the tree is refused, since giving it would give the harness's files and whatever lives beside them.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ownPlaces } from '../../../src/loop/isolation-places.js';

const root = mkdtempSync(join(tmpdir(), 'ah-places-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const dir = (...parts: string[]) => {
  const path = join(root, ...parts);
  mkdirSync(path, { recursive: true });
  return path;
};

describe('ownPlaces', () => {
  const tree = dir('work', 'repo');

  it('gives the named directories, outermost only, and ignores unnamed variables', () => {
    const home = dir('home');
    const codex = dir('codex');
    expect(
      ownPlaces(
        {
          HOME: home,
          CLAUDE_CONFIG_DIR: join(home, '.claude'),
          TMPDIR: dir('home', 'tmp'),
          CODEX_HOME: `${codex}/`,
          OTHER_DIR: dir('other'),
        },
        tree,
      ),
    ).toEqual({ dirs: [home, codex] });
  });

  it('skips what is in the tree (already given), relative, missing or not a directory', () => {
    writeFileSync(join(root, 'a-file'), '');
    expect(
      ownPlaces(
        {
          HOME: dir('work', 'repo', '.agent-home'),
          TMPDIR: 'tmp',
          XDG_CACHE_HOME: join(root, 'missing'),
          XDG_CONFIG_HOME: join(root, 'a-file'),
        },
        tree,
      ),
    ).toEqual({ dirs: [] });
  });

  it('refuses a directory that holds the tree, naming the variable and what to do', () => {
    expect(ownPlaces({ HOME: join(root, 'work') }, tree)).toEqual({
      refused: expect.stringMatching(
        /agent\.env HOME=.*\/work holds the working tree.*leave HOME out/,
      ) as unknown,
    });
    expect(ownPlaces({ XDG_DATA_HOME: '/' }, tree)).toEqual({
      refused: expect.stringMatching(/XDG_DATA_HOME=\/ holds the working tree/) as unknown,
    });
  });
});
