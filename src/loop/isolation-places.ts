// Under agent.isolation = "user", the directories agent.env names as the agent's home, config or temp directory:
// the agent's user is given them for the run as it is given the tree (loop/isolation.ts). Reads the file system
// (which of them exist), decides nothing else.
import { statSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { within } from '../os/path-within.js';

/** The variables by which the config can give the agent a home, config or temp directory of its own. */
const OWN_PLACE_NAMES = [
  'HOME',
  'TMPDIR',
  'CLAUDE_CONFIG_DIR',
  'CODEX_HOME',
  'GEMINI_CLI_HOME',
  'XDG_CONFIG_HOME',
  'XDG_CACHE_HOME',
  'XDG_DATA_HOME',
  'XDG_STATE_HOME',
] as const;

const isDirectory = (path: string): boolean => {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
};

/**
 * The directories `agent.env` names as the agent's home, config or temp directory (existing, outside the tree,
 * outermost first): under "user" they are the agent user's as the tree is. One that holds the tree is refused:
 * it would hand the agent the harness's files and whatever else lives there.
 */
export function ownPlaces(
  agentEnv: Readonly<Record<string, string>>,
  cwd: string,
): { dirs: string[] } | { refused: string } {
  const dirs: string[] = [];
  for (const name of OWN_PLACE_NAMES) {
    const value = agentEnv[name];
    if (value === undefined || !isAbsolute(value)) continue;
    const dir = resolve(value);
    if (within(cwd, dir)) continue;
    if (within(dir, cwd))
      return {
        refused: `agent.env ${name}=${value} holds the working tree: under agent.isolation = "user" the agent's user is given that directory, so name one of its own (or leave ${name} out: the agent's user has a home of its own)`,
      };
    if (isDirectory(dir)) dirs.push(dir);
  }
  const sorted = [...new Set(dirs)].sort((a, b) => a.length - b.length);
  return { dirs: sorted.filter((dir, i) => !sorted.slice(0, i).some((outer) => within(outer, dir))) };
}
