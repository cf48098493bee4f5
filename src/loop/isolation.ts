// How the run keeps the agent from the job (`agent.isolation`, docs/security.md), decided once at the run's start:
// "none" passes the harness's environment, "env" passes the allow-list (os/agent-env.ts), "user" passes the
// allow-list to a user made for the run (os/agent-user.ts) that reaches the working tree through ACLs
// (os/tree-access.ts). "auto" is "user" where the harness can act as root (it is root, or has passwordless
// sudo) and the tools are there (setpriv, setfacl, useradd), "env" elsewhere, with a warning saying what the
// agent can still reach and how to get "user". An explicit "user" that cannot be had is an error.
import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Config } from '../config/index.js';
import { EXIT, HarnessError } from '../errors/exit-codes.js';
import { agentEnvironment, type ResolvedIsolation } from '../os/agent-env.js';
import {
  agentUserEnv,
  agentUserName,
  asAgentUser,
  createAgentUser,
  endAgentProcesses,
  OWNER_PLACES,
  removeAgentUser,
  type AgentUser,
} from '../os/agent-user.js';
import type { Clock } from '../os/clock-spawn.js';
import { findExecutable } from '../os/executable.js';
import { runGit } from '../os/git.js';
import type { RunIsolationRecord } from '../os/isolation-record.js';
import { probePrivilege } from '../os/privilege.js';
import { restoreRepoConfig, snapshotRepoConfig } from '../os/repo-config-guard.js';
import { grantTree, handBack, revokeTree, type TreeGrant } from '../os/tree-access.js';
import type { HarnessEvent } from '../state/index.js';
import { harnessFiles, inFamily } from '../state/index.js';
import { ownPlaces } from './isolation-places.js';
import type { LoopPaths } from '../state/index.js';
import { startRunRecord, sweepLeftIsolations } from './isolation-leftovers.js';
import type { Logger } from './ports.js';

export interface AgentIsolation {
  readonly mode: ResolvedIsolation;
  /** Why the mode is not the one asked for ("auto" that fell back to "env"), for the log and the job summary. */
  readonly fallback: string | null;
  /** The run's user under "user". */
  readonly user: AgentUser | null;
  /** The agent's environment from the harness's (`base`) and the variables set for it (`set`). */
  env(base: NodeJS.ProcessEnv, set: Record<string, string | undefined>): NodeJS.ProcessEnv;
  /** The command that runs the agent as it must run. */
  command(
    command: string,
    args: readonly string[],
    env: NodeJS.ProcessEnv,
  ): { command: string; args: string[] };
  /** After each session: every process of the agent's user ended, its files handed back. */
  afterSession(): Promise<void>;
  /** At the run's end: the tree's ACLs as they were, the user gone. Safe to call twice. */
  close(): Promise<void>;
}

export class IsolationError extends HarnessError {
  override readonly name = 'IsolationError';
  constructor(message: string) {
    super(message, EXIT.usage);
  }
}

const NEEDED_TOOLS = [
  ['setpriv', 'util-linux'],
  ['setfacl', 'acl'],
  ['getfacl', 'acl'],
  ['useradd', 'passwd'],
] as const;

/** Why "user" cannot be had here, or null when it can. */
async function userUnavailable(cwd: string): Promise<{ why: string } | { privilege: 'root' | 'sudo' }> {
  if (process.platform !== 'linux') return { why: 'it needs Linux' };
  const privilege = await probePrivilege();
  if (privilege === null)
    return { why: 'the harness is neither root nor allowed passwordless sudo (`sudo -n true` fails)' };
  const missing = NEEDED_TOOLS.filter(([tool]) => findExecutable(tool, cwd, process.env) === null);
  if (missing.length > 0)
    return {
      why: `${missing.map(([tool]) => tool).join(', ')} not found (install the ${[...new Set(missing.map(([, pkg]) => pkg))].join(', ')} package)`,
    };
  return { privilege };
}

/** The harness's files in the tree as they are now: what the agent's user gets no entry on. */
function existingHarnessFiles(paths: LoopPaths): string[] {
  const files = harnessFiles(paths);
  const inFamilies = files.families.flatMap((family) => {
    try {
      return readdirSync(family.dir)
        .filter((name) => inFamily(family, name))
        .map((name) => join(family.dir, name));
    } catch {
      return [];
    }
  });
  return [...files.files, ...files.dirs, ...inFamilies];
}

async function gitIdentity(cwd: string): Promise<{ name: string | null; email: string | null }> {
  const read = async (key: string) => {
    const result = await runGit(cwd, ['config', '--get', key]).catch(() => null);
    return result?.code === 0 ? result.stdout.trim() || null : null;
  };
  return { name: await read('user.name'), email: await read('user.email') };
}

const passed = (config: Config): string[] => [
  ...config.agent.pass_env,
  ...(config.agent.format === 'json-actions' && config.llm.api_key_env ? [config.llm.api_key_env] : []),
];

/** "none" or "env": the environment alone, and under "env" the repository's configuration guarded. */
export function plainIsolation(
  config: Config,
  mode: 'none' | 'env' = plainMode(config),
  fallback: string | null = null,
  guard: () => Promise<void> = () => Promise.resolve(),
): AgentIsolation {
  const pass = passed(config);
  return {
    mode,
    fallback,
    user: null,
    env: (base, set) => agentEnvironment(base, { isolation: mode, pass, set }),
    command: (command, args) => ({ command, args: [...args] }),
    afterSession: guard,
    close: () => Promise.resolve(),
  };
}

/**
 * After each session: the repository's keys that make git run or send something put back as they were at the
 * start, and hooks the agent planted moved aside (os/repo-config-guard.ts), with a warning saying what it left.
 */
async function repoGuard(cwd: string, cookie: string, logger: Logger): Promise<() => Promise<void>> {
  const before = await snapshotRepoConfig(cwd);
  if (before === null) return () => Promise.resolve();
  let session = 0;
  return async () => {
    const restored = await restoreRepoConfig(cwd, before, `${cookie.slice(0, 8)}-${++session}`);
    if (restored.keys.length > 0 || restored.hooks.length > 0)
      logger.log('warn', {
        agent_left: 'git configuration that makes git run or send something; put back as it was',
        ...(restored.keys.length > 0 ? { keys: restored.keys.join(',') } : {}),
        ...(restored.quarantine !== null
          ? { hooks: restored.hooks.join(','), moved_to: restored.quarantine }
          : {}),
      });
  };
}

const plainMode = (config: Config): 'none' | 'env' =>
  (config.agent.isolation ?? 'none') === 'none' ? 'none' : 'env';

export async function prepareIsolation(input: {
  config: Config;
  paths: LoopPaths;
  cookie: string;
  logger: Logger;
  clock: Clock;
  /** Where the event of a killed run's isolation swept goes (the event log). */
  emit?: (event: HarnessEvent) => Promise<void>;
}): Promise<AgentIsolation> {
  const { config, paths, logger, clock } = input;
  const requested = config.agent.isolation ?? 'none';
  if (requested === 'none') return plainIsolation(config, 'none');
  const guard = await repoGuard(paths.cwd, input.cookie, logger);
  if (requested === 'env') return plainIsolation(config, 'env', null, guard);

  const available = await userUnavailable(paths.cwd);
  if ('why' in available) {
    if (requested === 'user')
      throw new IsolationError(
        `agent.isolation = "user" cannot be had: ${available.why}. Run the harness as root or as a user with passwordless sudo, or set agent.isolation = "env" (docs/security.md)`,
      );
    const why = `"user" isolation is not available: ${available.why}`;
    logger.log('warn', {
      isolation: 'env',
      why,
      agent_can_still: 'read every process of this user (/proc/<pid>/environ) and write what this user may',
      fix: 'run as root or with passwordless sudo and install acl (docs/security.md)',
    });
    return plainIsolation(config, 'env', why, guard);
  }
  const places = ownPlaces(config.agent.env, paths.cwd);
  if ('refused' in places) throw new IsolationError(places.refused);
  const privilege = available.privilege;
  // What a killed harness left (its user, its processes, its ACLs): undone before this run makes its own.
  await sweepLeftIsolations({ privilege, clock, logger, ...(input.emit ? { emit: input.emit } : {}) });
  // The record first, so that a harness killed from here on leaves what the next start needs to undo it all.
  let record: RunIsolationRecord;
  try {
    record = startRunRecord(agentUserName(input.cookie), privilege);
  } catch (error) {
    throw new IsolationError(
      `the run's isolation record (what lets a later start undo what a killed run leaves) cannot be written: ${(error as Error).message}`,
    );
  }
  // A user half made (this fails) stays with the record, for the next start, which knows it by its name.
  const user = await createAgentUser({
    privilege,
    cookie: input.cookie,
    baseDir: tmpdir(),
    identity: await gitIdentity(paths.cwd),
  });
  record.userMade({ uid: user.uid, gid: user.gid });
  const grants: TreeGrant[] = [];
  const revokeAll = async () => {
    for (const grant of grants.reverse()) await revokeTree(user, grant);
  };
  try {
    // Each grant is recorded (and revoked on failure) from before its first entry is made.
    const planned = (grant: TreeGrant) => {
      record.granting(grant);
      grants.push(grant);
    };
    await grantTree(user, paths.cwd, existingHarnessFiles(paths), planned);
    for (const place of places.dirs) await grantTree(user, place, [], planned);
  } catch (error) {
    const undone = await revokeAll().then(
      () => true,
      () => false,
    );
    const removed = await removeAgentUser(user, clock).then(
      () => true,
      () => false,
    );
    if (undone && removed) record.remove();
    throw error;
  }
  const roots = grants.map((grant) => grant.root);
  logger.log('info', { isolation: 'user', agent_user: user.name, uid: user.uid, via: user.privilege });
  let closed = false;
  const pass = passed(config);
  return {
    mode: 'user',
    fallback: null,
    user,
    env: (base, set) => {
      const own: NodeJS.ProcessEnv = {};
      for (const [name, value] of Object.entries(base)) if (!OWNER_PLACES.test(name)) own[name] = value;
      return agentEnvironment(own, { isolation: 'user', pass, set: { ...agentUserEnv(user), ...set } });
    },
    command: (command, args, env) => asAgentUser(user, command, args, env),
    afterSession: async () => {
      await endAgentProcesses(user, clock);
      for (const root of roots) await handBack(user, root);
      await guard();
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await endAgentProcesses(user, clock).catch(() => undefined);
      for (const root of roots) await handBack(user, root).catch(() => undefined);
      await revokeAll();
      await removeAgentUser(user, clock);
      record.remove();
    },
  };
}
