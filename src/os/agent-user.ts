// `agent.isolation = "user"`: the agent and everything it starts run as a user made for the harness run, with
// a home and a temp directory of its own. A process of another user cannot read the harness's environment
// (/proc/<pid>/environ), write its log (/proc/<pid>/fd/1) or signal it, and cannot write the runner's
// file-command files or anything else the harness's user owns. The user is switched with setpriv (util-linux),
// through `sudo -n -E` when the harness is not root; no_new_privs is set, so no setuid program (sudo included)
// gives the agent back what it lost. Every process of the user is ended after each session (`kill -1` as that
// user ends all of them at once, wherever they moved their group or session), and the user and its home are
// removed when the run ends. Access to the working tree is tree-access.ts.
import { mkdir, writeFile } from 'node:fs/promises';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import type { Clock } from './clock-spawn.js';
import { withGitConfig } from './git.js';
import { runAsRoot, type Privilege } from './privilege.js';
import { procPids, readProcStat } from './proc.js';
import { runCommand } from './run-command.js';

export interface AgentUser {
  name: string;
  uid: number;
  gid: number;
  home: string;
  privilege: Privilege;
  /** The harness's own user and group: what the agent's files are handed back to. */
  owner: { uid: number; gid: number };
}

/** The user's name for a run: `agent-harness-` and the first 8 hex digits of the run's cookie. */
export const agentUserName = (cookie: string): string => `agent-harness-${cookie.slice(0, 8)}`;

/** What every name agentUserName gives looks like: nothing else is ever removed as a run's user. */
export const AGENT_USER_NAME = /^agent-harness-[0-9a-f]{8}$/;

/** Reads a user's uid and gid; null when there is no such user. */
export async function lookupUser(name: string): Promise<{ uid: number; gid: number } | null> {
  const [uid, gid] = await Promise.all([runCommand('id', ['-u', name]), runCommand('id', ['-g', name])]);
  if (uid.code !== 0 || gid.code !== 0) return null;
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

/**
 * Makes the run's user (a system user with a group of its own and no password) and its home under `baseDir`:
 * a `.gitconfig` that trusts the working tree (it is not the agent's, so git would refuse it as "dubious
 * ownership") and carries the harness's commit identity, and a `tmp/` for TMPDIR.
 */
export async function createAgentUser(input: {
  privilege: Privilege;
  cookie: string;
  baseDir: string;
  identity: { name: string | null; email: string | null };
}): Promise<AgentUser> {
  const name = agentUserName(input.cookie);
  const home = join(input.baseDir, name);
  if ((await lookupUser(name)) === null)
    await runAsRoot(input.privilege, [
      'useradd',
      '--system',
      '--user-group',
      '--no-create-home',
      '--home-dir',
      home,
      '--shell',
      '/bin/sh',
      name,
    ]);
  const ids = await lookupUser(name);
  if (ids === null) throw new Error(`the agent's user ${name} was made but cannot be looked up`);
  await mkdir(join(home, 'tmp'), { recursive: true, mode: 0o700 });
  const identity = [
    ...(input.identity.name ? [`\tname = ${quote(input.identity.name)}`] : []),
    ...(input.identity.email ? [`\temail = ${quote(input.identity.email)}`] : []),
  ];
  await writeFile(
    join(home, '.gitconfig'),
    ['[safe]', '\tdirectory = *', ...(identity.length > 0 ? ['[user]', ...identity] : []), ''].join('\n'),
  );
  await runAsRoot(input.privilege, ['chown', '-R', `${ids.uid}:${ids.gid}`, home]);
  await runAsRoot(input.privilege, ['chmod', '0700', home]);
  return {
    name,
    ...ids,
    home,
    privilege: input.privilege,
    owner: { uid: process.getuid?.() ?? 0, gid: process.getgid?.() ?? 0 },
  };
}

const quote = (value: string): string => `"${value.replace(/["\\]/g, (c) => `\\${c}`)}"`;

/**
 * The variables that say who and where the agent's user is: over whatever the harness's user had. Git reads the
 * user's own `.gitconfig` (the commit identity) through GIT_CONFIG_GLOBAL, so a HOME of the config's choosing
 * (agent.env) keeps it, and `safe.directory` comes from the command scope as well (GIT_CONFIG_COUNT): Gemini CLI
 * runs its shell tool with GIT_CONFIG_GLOBAL=/dev/null but keeps the command scope's entries, adding its own.
 */
export function agentUserEnv(user: AgentUser): Record<string, string> {
  return {
    HOME: user.home,
    USER: user.name,
    LOGNAME: user.name,
    TMPDIR: join(user.home, 'tmp'),
    GIT_CONFIG_GLOBAL: join(user.home, '.gitconfig'),
    ...(withGitConfig({}, [['safe.directory', '*']]) as Record<string, string>),
  };
}

/** The harness's variables that name its own user's places, which the agent's user cannot use. */
export const OWNER_PLACES = /^(HOME|USER|LOGNAME|TMPDIR|XDG_[A-Z_]+)$/;

const switchUser = (user: AgentUser): string[] => [
  'setpriv',
  `--reuid=${user.uid}`,
  `--regid=${user.gid}`,
  '--clear-groups',
  '--no-new-privs',
  '--',
];

/**
 * The command that runs `command args` as the agent's user with `env` (the spawn's environment: sudo keeps it
 * with -E, less what its policy and the C library remove, so PATH, HOME and TMPDIR are set again on the command line; they are no
 * secret). Pure.
 */
export function asAgentUser(
  user: AgentUser,
  command: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv,
): { command: string; args: string[] } {
  const again = (['PATH', 'HOME', 'TMPDIR'] as const).flatMap((name) =>
    env[name] !== undefined ? [`${name}=${env[name]}`] : [],
  );
  const inner = [...switchUser(user), 'env', ...again, command, ...args];
  return user.privilege === 'root'
    ? { command: inner[0]!, args: inner.slice(1) }
    : { command: 'sudo', args: ['-n', '-E', '--', ...inner] };
}

/**
 * Live processes of `uid` (a /proc/<pid> directory belongs to its process's user). A zombie is not one: it is
 * dead, holds nothing, and userdel does not count it, but only its parent can make it go, and an orphan's parent
 * is PID 1, which may reap late (a VM's init polls) or never (a job container's `tail -f /dev/null`).
 */
export function processesOf(uid: number): number[] {
  return procPids().flatMap((entry) => {
    try {
      if (statSync(`/proc/${entry}`).uid !== uid) return [];
      const state = readProcStat(Number(entry))?.state;
      return state === undefined || state === 'Z' || state === 'X' ? [] : [Number(entry)];
    } catch {
      return [];
    }
  });
}

/**
 * Ends every process of the agent's user: `kill -KILL -1` run as that user reaches each of them (and no other
 * user's), again while any is left (one may have forked in between). Resolves with how many there were.
 */
export async function endAgentProcesses(user: AgentUser, clock: Clock, timeoutMs = 10_000): Promise<number> {
  const found = processesOf(user.uid).length;
  const deadline = clock.monotonic() + timeoutMs;
  while (processesOf(user.uid).length > 0) {
    await runAsRoot(user.privilege, [...switchUser(user), 'kill', '-KILL', '-1']).catch(() => undefined);
    if (processesOf(user.uid).length === 0) break;
    if (clock.monotonic() >= deadline)
      throw new Error(`processes of the agent's user ${user.name} are still running after SIGKILL`);
    await clock.sleep(20);
  }
  return found;
}

/** Removes the run's user and its home, after ending its processes. */
export async function removeAgentUser(user: AgentUser, clock: Clock): Promise<void> {
  await endAgentProcesses(user, clock);
  await runAsRoot(user.privilege, ['userdel', user.name]);
  await runAsRoot(user.privilege, ['rm', '-rf', '--', user.home]);
}
