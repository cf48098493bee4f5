function phaseConfig(config, phase) {
  const { plan, develop, review, ...base } = config.agent;
  const own = { plan, develop, review }[phase];
  if (own === void 0) return { ...config, agent: base };
  return {
    ...config,
    agent: {
      ...base,
      command: own.command ?? base.command,
      args: own.args ?? base.args,
      prompt_via: own.prompt_via ?? base.prompt_via,
      env: { ...base.env, ...own.env },
      format: own.format ?? base.format
    }
  };
}
const DEFAULT_INTERACTIVE_ARGS = {
  claude: ["{prompt}"],
  codex: ["{prompt}"],
  gemini: ["-i", "{prompt}"],
  text: ["{prompt}"],
  // The worker has no interactive mode: agent.plan.command must name a planner CLI of its own.
  "json-actions": ["{prompt}"]
};
function interactiveArgs(config) {
  const own = config.agent.plan?.interactive_args;
  if (own !== void 0) return [...own];
  return [...DEFAULT_INTERACTIVE_ARGS[phaseConfig(config, "plan").agent.format]];
}

export { interactiveArgs as i, phaseConfig as p };
