// A phase table that switches to another CLI (`[agent.review] format = "codex"`) but keeps `agent.args` would
// hand Codex Claude's flags: the session fails at its first word, far from the cause. Caught with the config.
import { basename } from 'node:path';
import { formatValue, type ConfigProblem } from './errors.js';
import { DEFAULT_AGENT_ARGS, PHASES } from './agent-section.js';
import type { Config } from './schema.js';

const CLIS = ['claude', 'codex', 'gemini'] as const;
type Cli = (typeof CLIS)[number];

const CLI_NAMES: Record<Cli, string> = { claude: 'Claude', codex: 'Codex', gemini: 'Gemini' };

/** Arguments that run each CLI unattended with a structured transcript (docs/loop.md, the formats). */
export const CLI_ARGS: Record<Cli, readonly string[]> = {
  claude: DEFAULT_AGENT_ARGS,
  codex: ['exec', '--json', '--skip-git-repo-check', '--sandbox', 'workspace-write', '{prompt}'],
  gemini: ['-p', '{prompt}', '--output-format', 'stream-json', '--yolo'],
};

/** The CLI a command runs, from its file name (`/usr/local/bin/codex`, `codex.cmd`); undefined for others. */
function cliOf(command: string): Cli | undefined {
  const name = basename(command).replace(/\.(cmd|exe)$/i, '');
  return CLIS.find((cli) => cli === name);
}

/** The CLI a transcript format belongs to; undefined for text and json-actions (no CLI of their own). */
const cliOfFormat = (format: string): Cli | undefined => CLIS.find((cli) => cli === format);

/** Problems with the phase tables of a config that passed the schema. */
export function phaseProblems(config: Config, source: string): ConfigProblem[] {
  const { agent } = config;
  const baseCli = cliOf(agent.command) ?? cliOfFormat(agent.format);
  const problems: ConfigProblem[] = [];
  for (const phase of PHASES) {
    const own = agent[phase];
    if (own === undefined || own.args !== undefined) continue;
    const changes: string[] = [];
    if (own.format !== undefined && own.format !== agent.format)
      changes.push(`format = ${formatValue(own.format)}`);
    const ownCli = own.command === undefined ? undefined : cliOf(own.command);
    if (own.command !== undefined && ownCli !== undefined && ownCli !== cliOf(agent.command))
      changes.push(`command = ${formatValue(own.command)}`);
    if (changes.length === 0) continue;
    const target = ownCli ?? (own.format === undefined ? undefined : cliOfFormat(own.format));
    const whose =
      baseCli === undefined ? `written for ${formatValue(agent.command)}` : `${CLI_NAMES[baseCli]}'s flags`;
    const example =
      target === undefined ? '' : ` (for ${CLI_NAMES[target]}: ${JSON.stringify(CLI_ARGS[target])})`;
    problems.push({
      source,
      path: `agent.${phase}`,
      message: `sets ${changes.join(' and ')} but inherits agent.args, which are ${whose}: set agent.${phase}.args${example}`,
    });
  }
  return problems;
}
