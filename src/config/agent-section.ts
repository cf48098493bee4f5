// The [agent] section: which CLI runs a session, how the prompt reaches it, how it is kept from the job, and
// the review cycle's phases, each of which may override those settings in its own table.
import { AGENT_ISOLATION, forbiddenPassName } from '../os/agent-env.js';
import { z } from 'zod';
import { pathString } from './value-kinds.js';

export const AGENT_FORMATS = ['claude', 'codex', 'gemini', 'text', 'json-actions'] as const;
export const PROMPT_VIA = ['arg', 'stdin', 'file'] as const;

export const DEFAULT_AGENT_ARGS = [
  '-p',
  '{prompt}',
  '--dangerously-skip-permissions',
  '--verbose',
  '--output-format',
  'stream-json',
];
const agentFields = {
  command: pathString('Agent executable (looked up on PATH); not used with format = "json-actions"'),
  args: z
    .array(z.string())
    .describe(
      'Arguments; {prompt} becomes the prompt (prompt_via=arg), {prompt_file} its path; not used with format = "json-actions"',
    ),
  prompt_via: z
    .enum(PROMPT_VIA)
    .describe(
      'How the prompt reaches the agent: an argument, standard input, or a file; not used with format = "json-actions" (always stdin)',
    ),
  env: z
    .record(z.string(), z.string())
    .describe('Extra environment variables for the agent (CLAUDECODE is always removed)'),
  format: z
    .enum(AGENT_FORMATS)
    .describe(
      'Transcript format the agent prints; "json-actions": the agent is the harness\'s own structured-action worker ([llm], [worker]; docs/worker.md)',
    ),
};

/** The review cycle's phases, each of which may run its own agent (`agent.plan`, …) over `agent`. */
export const PHASES = ['plan', 'develop', 'review'] as const;
export type Phase = (typeof PHASES)[number];

// A phase's table: every key optional and without a default, so an unset key is inherited from `agent`.
const phaseFields = (phase: Phase) => ({
  command: agentFields.command
    .optional()
    .describe(`The ${phase} phase's agent executable; unset: agent.command`),
  args: agentFields.args.optional().describe(`The ${phase} phase's arguments; unset: agent.args`),
  prompt_via: agentFields.prompt_via
    .optional()
    .describe(`How the ${phase} prompt reaches the agent; unset: agent.prompt_via`),
  env: agentFields.env
    .optional()
    .describe(`Extra environment variables for the ${phase} phase, over agent.env key by key`),
  format: agentFields.format
    .optional()
    .describe(`The ${phase} phase's transcript format; unset: agent.format`),
});

const planAgent = z
  .object({
    ...phaseFields('plan'),
    interactive_args: z
      .array(z.string())
      .optional()
      .describe(
        'Arguments of the interactive planner `agent-harness plan` starts on your terminal; {prompt} becomes the prompt. Unset, by format: claude, codex and text ["{prompt}"], gemini ["-i", "{prompt}"]',
      ),
  })
  .strict()
  .optional()
  .describe("The plan phase's agent settings over [agent]; unset keys are inherited");

const phaseAgent = (phase: Phase) =>
  z
    .object(phaseFields(phase))
    .strict()
    .optional()
    .describe(`The ${phase} phase's agent settings over [agent]; unset keys are inherited`);

export const agentSection = z
  .object({
    command: agentFields.command.default('claude'),
    args: agentFields.args.default(DEFAULT_AGENT_ARGS),
    prompt_via: agentFields.prompt_via.default('arg'),
    env: agentFields.env.default({}),
    format: agentFields.format.default('claude'),
    isolation: z
      .enum(AGENT_ISOLATION)
      .describe(
        'How the agent is kept from the job (docs/security.md): "user" runs it as a separate unprivileged user with a clean environment, "env" only cleans its environment, "auto" is "user" where the harness is root or has passwordless sudo and "env" elsewhere, "none" passes everything. Unset: "auto" in the Action, "none" locally',
      )
      .optional(),
    pass_env: z
      .array(
        z
          .string()
          .regex(/^[A-Za-z_][A-Za-z0-9_]*\*?$/, 'must be a variable name, or a prefix ending in *')
          .superRefine((name, ctx) => {
            const why = forbiddenPassName(name);
            if (why !== null) ctx.addIssue({ code: 'custom', message: why });
          }),
      )
      .describe(
        'More environment variables the agent gets under isolation "env" or "user" (names, or prefixes ending in *), besides its CLI\'s own (ANTHROPIC_*, CLAUDE_*, OPENAI_*, CODEX_*, GEMINI_*, GOOGLE_*), PATH, HOME, locale and proxy variables',
      )
      .default([]),
    plan: planAgent,
    develop: phaseAgent('develop'),
    review: phaseAgent('review'),
  })
  .strict()
  .prefault({});

export type AgentFormat = (typeof AGENT_FORMATS)[number];
