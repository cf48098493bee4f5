// The job's git credentials put aside and restored (src/platform/github/credentials/), on real repositories with
// real git: what actions/checkout persists (v4's header in .git/config, v6's included file under RUNNER_TEMP), a
// credential helper, a submodule's config; the private record; a byte-exact restore, one that adds back only
// what is missing after the agent changed the config, one interrupted half-way, and one that fails and keeps the
// record.
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  exactValuePattern,
  includeTarget,
  isCredentialKey,
  missingEntries,
  parseConfigList,
  parseShownList,
  secretsOf,
} from '../../../src/platform/github/credentials/entries.js';
import { putAside } from '../../../src/platform/github/credentials/park.js';
import { readRecord, recordPath, writeRecord } from '../../../src/platform/github/credentials/record.js';
import { recoverRecord, type CredentialsIo } from '../../../src/platform/github/credentials/restore.js';
import {
  basicHeader,
  HEADER_KEY,
  helperWithToken,
  persistLikeCheckoutV4,
  persistLikeCheckoutV6,
  tokenForms,
} from '../../support/checkout-credentials.js';
import { hermeticGit } from '../../support/hermetic-git.js';

const scratch = hermeticGit('ah-creds-');
const TOKEN = 'ghs_unitTokenValue0123456789abcdef';

function repo() {
  const root = mkdtempSync(join(tmpdir(), 'ah-creds-'));
  scratch.push(root);
  const dir = join(root, 'work');
  const runnerTemp = join(root, 'temp');
  mkdirSync(dir);
  mkdirSync(runnerTemp);
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, encoding: 'utf8' }).trim();
  git('init', '-q');
  git('remote', 'add', 'origin', 'https://github.com/octo-org/octo-repo');
  const log: string[] = [];
  const masked: string[] = [];
  const io: CredentialsIo = {
    info: (m) => log.push(`info ${m}`),
    warn: (m) => log.push(`warn ${m}`),
    error: (m) => log.push(`error ${m}`),
    mask: (s) => masked.push(s),
  };
  const record = recordPath({ GITHUB_JOB: 'agent', GITHUB_RUN_ID: '5', GITHUB_RUN_ATTEMPT: '1' }, runnerTemp);
  const park = () => putAside({ dirs: [dir], runnerTemp, home: root, record, statusFile: null, io });
  const config = () => readFileSync(join(dir, '.git', 'config'), 'utf8');
  /** What an agent sees: every entry git shows in the work tree, with its origin. */
  const shown = () => git('config', '--list', '--show-origin', '--includes');
  return { root, dir, runnerTemp, git, log, masked, io, record, park, config, shown };
}

const showsToken = (text: string) => tokenForms(TOKEN).some((form) => text.includes(form));

describe('which entries are credentials', () => {
  it('parses git config --list --null, keys without a value included', () => {
    expect(parseConfigList('a.b\nc\0core.bare\0x.y\nline1\nline2\0')).toEqual([
      { key: 'a.b', value: 'c' },
      { key: 'core.bare', value: null },
      { key: 'x.y', value: 'line1\nline2' },
    ]);
    expect(
      parseShownList('local\0file:.git/config\0a.b\nc\0global\0file:/h/.gitconfig\0d.e\nf\0', true),
    ).toEqual([
      { scope: 'local', origin: 'file:.git/config', key: 'a.b', value: 'c' },
      { scope: 'global', origin: 'file:/h/.gitconfig', key: 'd.e', value: 'f' },
    ]);
  });

  it('takes extra headers and credential settings, not other http or url settings', () => {
    expect(isCredentialKey('http.https://github.com/.extraheader')).toBe(true);
    expect(isCredentialKey('http.extraheader')).toBe(true);
    expect(isCredentialKey('credential.helper')).toBe(true);
    expect(isCredentialKey('credential.https://github.com.helper')).toBe(true);
    expect(isCredentialKey('http.sslverify')).toBe(false);
    expect(isCredentialKey('url.https://github.com/.insteadof')).toBe(false);
  });

  it('resolves an include as git does', () => {
    expect(includeTarget('/abs/file', '/r/.git/config', '/home/u')).toBe('/abs/file');
    expect(includeTarget('~/creds', '/r/.git/config', '/home/u')).toBe('/home/u/creds');
    expect(includeTarget('creds', '/r/.git/config', '/home/u')).toBe('/r/.git/creds');
  });

  it('masks the header, its base64, the pair it decodes to and the token, never a helper command', () => {
    const secrets = secretsOf({ key: HEADER_KEY, value: basicHeader(TOKEN) });
    for (const form of tokenForms(TOKEN).slice(0, 3)) expect(secrets).toContain(form);
    expect(secretsOf({ key: 'credential.helper', value: 'store' })).toEqual([]);
  });

  it('counts repeated entries: only what is missing is added back', () => {
    const a = { key: 'http.extraheader', value: 'x' };
    expect(missingEntries([a, a], [a])).toEqual([a]);
    expect(missingEntries([a], [a, a])).toEqual([]);
  });

  it('matches a value holding regex characters exactly when unsetting it', () => {
    const { git } = repo();
    const value = 'a.b*c+[d](e)|f^$\\g';
    git('config', '--add', 'test.key', value);
    git('config', '--add', 'test.key', 'aXb*c+[d](e)|f^$\\g');
    git('config', '--unset-all', 'test.key', exactValuePattern(value));
    expect(git('config', '--get-all', 'test.key')).toBe('aXb*c+[d](e)|f^$\\g');
  });
});

describe('putting the credentials aside and back', () => {
  it('checkout v4 and a credential helper: gone from what git shows, back byte for byte', () => {
    const r = repo();
    persistLikeCheckoutV4(r.dir, TOKEN);
    helperWithToken(r.dir, TOKEN);
    const before = r.config();
    const parked = r.park();
    expect(parked).not.toBeNull();
    expect(showsToken(r.shown())).toBe(false);
    expect(showsToken(r.config())).toBe(false);
    expect(r.shown()).not.toMatch(/extraheader|credential\./);
    // The private record: 0600 in a 0700 directory.
    expect(statSync(r.record).mode & 0o777).toBe(0o600);
    expect(statSync(join(r.record, '..')).mode & 0o777).toBe(0o700);
    expect(r.masked).toContain(TOKEN);
    const line = r.log.find((l) => l.includes('put the job'))!;
    expect(line).toContain('http.https://github.com/.extraheader');
    expect(line).toContain('credential.https://github.com.helper');
    expect(showsToken(line)).toBe(false);

    expect(parked!.restore()).toBe(true);
    expect(r.config()).toBe(before);
    expect(r.git('config', '--get', HEADER_KEY)).toBe(basicHeader(TOKEN));
    expect(existsSync(r.record)).toBe(false);
    expect(parked!.restore()).toBe(true); // again: nothing doubled
    expect(r.config()).toBe(before);
  });

  it('checkout v6: the included file is moved away and comes back with its content and mode', () => {
    const r = repo();
    const file = persistLikeCheckoutV6(r.dir, r.runnerTemp, TOKEN);
    chmodSync(file, 0o640);
    const content = readFileSync(file, 'utf8');
    const before = r.config();
    expect(r.git('config', '--get', HEADER_KEY)).toBe(basicHeader(TOKEN)); // through the include
    const parked = r.park()!;
    expect(existsSync(file)).toBe(false);
    expect(showsToken(r.shown())).toBe(false);
    expect(r.config()).not.toContain('includeIf');
    parked.restore();
    expect(readFileSync(file, 'utf8')).toBe(content);
    expect(statSync(file).mode & 0o777).toBe(0o640);
    expect(r.config()).toBe(before);
    expect(r.git('config', '--get', HEADER_KEY)).toBe(basicHeader(TOKEN));
  });

  it('a submodule’s config is covered too', () => {
    const r = repo();
    const sub = join(r.dir, '.git', 'modules', 'libs', 'inner');
    mkdirSync(sub, { recursive: true });
    writeFileSync(join(sub, 'HEAD'), 'ref: refs/heads/main\n');
    writeFileSync(
      join(sub, 'config'),
      `[http "https://github.com/"]\n\textraheader = ${basicHeader(TOKEN)}\n`,
    );
    const before = readFileSync(join(sub, 'config'), 'utf8');
    const parked = r.park()!;
    expect(showsToken(readFileSync(join(sub, 'config'), 'utf8'))).toBe(false);
    parked.restore();
    expect(readFileSync(join(sub, 'config'), 'utf8')).toBe(before);
  });

  it('what the agent changed meanwhile is kept; only the credentials are added back, once', () => {
    const r = repo();
    persistLikeCheckoutV4(r.dir, TOKEN);
    const parked = r.park()!;
    r.git('config', 'user.name', 'Agent');
    r.git('remote', 'add', 'fork', 'https://example.invalid/fork');
    expect(parked.restore()).toBe(true);
    expect(r.git('config', '--get-all', HEADER_KEY)).toBe(basicHeader(TOKEN));
    expect(r.git('config', 'user.name')).toBe('Agent');
    expect(r.git('remote')).toBe('fork\norigin');
  });

  it('a step killed before the entries were taken out: the restore doubles nothing', async () => {
    const r = repo();
    persistLikeCheckoutV4(r.dir, TOKEN);
    const before = r.config();
    r.park();
    const record = readRecord(r.record)!;
    // As if main had died right after writing the record: the entries are still in place.
    writeFileSync(join(r.dir, '.git', 'config'), before);
    writeRecord(r.record, { ...record, configs: record.configs.map((c) => ({ ...c, stripped: null })) });
    expect(await recoverRecord(r.record, r.io, () => Promise.resolve())).toBe(true);
    expect(r.config()).toBe(before);
    expect(existsSync(r.record)).toBe(false);
  });

  it('a record another user could have written is not restored from', async () => {
    const r = repo();
    persistLikeCheckoutV4(r.dir, TOKEN);
    r.park();
    chmodSync(r.record, 0o644);
    const aside = r.config();
    expect(await recoverRecord(r.record, r.io, () => Promise.resolve())).toBe(false);
    expect(r.log.at(-1)).toMatch(/^error .*not a private file/);
    expect(r.config()).toBe(aside);
  });

  it('a restore that fails says so loudly and keeps the record for the next try', async () => {
    const r = repo();
    persistLikeCheckoutV4(r.dir, TOKEN);
    const before = r.config();
    const parked = r.park()!;
    const config = join(r.dir, '.git', 'config');
    const kept = join(r.root, 'config-kept');
    cpSync(config, kept);
    rmSync(config);
    mkdirSync(config); // git cannot write its config now
    expect(parked.restore()).toBe(false);
    expect(r.log.at(-1)).toMatch(/^error .*could not all be restored.*The record stays in/);
    expect(existsSync(r.record)).toBe(true);
    rmSync(config, { recursive: true });
    cpSync(kept, config);
    expect(await recoverRecord(r.record, r.io, () => Promise.resolve())).toBe(true);
    expect(r.config()).toBe(before);
  });

  it('nothing to put aside: no record, one line saying so', () => {
    const r = repo();
    expect(r.park()).toBeNull();
    expect(existsSync(r.record)).toBe(false);
    expect(r.log).toEqual([
      'info agent-harness: no job credentials in the repository configuration to put aside.',
    ]);
  });
});
