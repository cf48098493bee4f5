// The Action's defaults where a CI job differs from a terminal. It keeps the agent from the job by default:
// `agent-isolation` (else the config's agent.isolation, else "auto") and `agent-env` added to agent.pass_env;
// locally the default stays "none" (docs/security.md). And its runner is billed while it waits: a limit's reset
// further away than `backoff.max_wait_mins` (10 unless the config says) ends the run instead of a wait
// (loop/limit-window.ts); locally there is no limit unless the config sets one. Pure.
import type { Config } from '../../config/index.js';
import type { ActionInputs } from './inputs.js';

export function withActionIsolation(
  config: Config,
  inputs: Pick<ActionInputs, 'agentIsolation' | 'agentEnv'>,
): Config {
  return {
    ...config,
    agent: {
      ...config.agent,
      isolation: inputs.agentIsolation ?? config.agent.isolation ?? 'auto',
      pass_env: [...new Set([...config.agent.pass_env, ...inputs.agentEnv])],
    },
  };
}

/** The Action's longest wait for a limit's reset, in minutes, when the config sets none. */
export const ACTION_MAX_WAIT_MINS = 10;

export function withActionWaitLimit(config: Config): Config {
  if (config.backoff.max_wait_mins !== undefined) return config;
  return { ...config, backoff: { ...config.backoff, max_wait_mins: ACTION_MAX_WAIT_MINS } };
}
