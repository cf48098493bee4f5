// The agent a phase of the review cycle runs: `agent` with the phase's own table (`agent.plan`,
// `agent.develop`, `agent.review`) over it. Pure: the loop is handed a config whose `agent` is plain, so it never
// needs to know phases exist.
import type { AgentFormat, Phase } from './agent-section.js';
import type { Config } from './schema.js';

/** The config a phase's session runs with: its table's set keys over `agent` (env merged key by key). */
export function phaseConfig(config: Config, phase: Phase): Config {
  const { plan, develop, review, ...base } = config.agent;
  const own = { plan, develop, review }[phase];
  if (own === undefined) return { ...config, agent: base };
  return {
    ...config,
    agent: {
      ...base,
      command: own.command ?? base.command,
      args: own.args ?? base.args,
      prompt_via: own.prompt_via ?? base.prompt_via,
      env: { ...base.env, ...own.env },
      format: own.format ?? base.format,
    },
  };
}

/** The interactive planner's arguments by format, when `agent.plan.interactive_args` is unset. */
export const DEFAULT_INTERACTIVE_ARGS: Readonly<Record<AgentFormat, readonly string[]>> = {
  claude: ['{prompt}'],
  codex: ['{prompt}'],
  gemini: ['-i', '{prompt}'],
  text: ['{prompt}'],
  // The worker has no interactive mode: agent.plan.command must name a planner CLI of its own.
  'json-actions': ['{prompt}'],
};

/**
 * The arguments `agent-harness plan` starts the planner with on the user's terminal: `agent.plan.interactive_args`,
 * or the default for the plan phase's effective format. `{prompt}` is still to be replaced.
 */
export function interactiveArgs(config: Config): string[] {
  const own = config.agent.plan?.interactive_args;
  if (own !== undefined) return [...own];
  return [...DEFAULT_INTERACTIVE_ARGS[phaseConfig(config, 'plan').agent.format]];
}
