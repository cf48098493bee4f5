// The Action keeps the agent from the job by default: `agent-isolation` (else the config's agent.isolation, else
// "auto") and `agent-env` added to agent.pass_env. Locally the default stays "none" (docs/security.md). Pure.
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
