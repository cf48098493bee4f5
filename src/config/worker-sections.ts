// The structured-action worker's sections: [llm] (the model it calls and how) and [worker] (its tasks'
// directory and the limits of its tools).
import { z } from 'zod';
import { nonNegativeInt, pathString, positiveInt, positiveSeconds } from './value-kinds.js';

export const LLM_PROVIDERS = ['ollama', 'openai', 'command'] as const;
export type LlmProvider = (typeof LLM_PROVIDERS)[number];
/** Where each HTTP provider listens when `llm.base_url` is unset: Ollama's port, and llama.cpp's server's. */
export const DEFAULT_BASE_URLS = {
  ollama: 'http://127.0.0.1:11434',
  openai: 'http://127.0.0.1:8080/v1',
} as const;
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

export const llmSection = z
  .object({
    provider: z
      .enum(LLM_PROVIDERS)
      .describe(
        "The worker's model transport: Ollama's /api/chat, an OpenAI-compatible /v1/chat/completions (llama.cpp, vLLM, LM Studio), or a command that reads the prompt on stdin and prints the answer",
      )
      .default('ollama'),
    base_url: z
      .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
      .describe(
        "The HTTP provider's address; unset: http://127.0.0.1:11434 (ollama), http://127.0.0.1:8080/v1 (openai)",
      )
      .optional(),
    model: z
      .string()
      .min(1, 'must not be empty')
      .describe('The model name (required for ollama and openai; {model} in llm.command)')
      .optional(),
    api_key_env: z
      .string()
      .regex(ENV_NAME, 'must be an environment variable name such as OPENAI_API_KEY')
      .describe('Environment variable holding the API key, sent as a bearer token; unset: none')
      .optional(),
    timeout_secs: positiveSeconds(
      'A model call taking longer than this fails the task (model unreachable)',
    ).default(300),
    temperature: z.number().finite().min(0).max(2).describe('Sampling temperature').default(0),
    command: z
      .array(z.string())
      .min(1, 'must name a command')
      .describe(
        'provider = "command": the command and its arguments; {model} becomes llm.model. Unset: ["ollama", "run", "{model}"] (Windows: ["wsl", "bash", "-c", "ollama run {model}"])',
      )
      .optional(),
    max_answer_bytes: positiveInt('An answer longer than this is refused as invalid').default(1024 * 1024),
    rate_limit_wait_secs: positiveSeconds(
      "With AGENT_HARNESS_MODEL_HOLD set (a supervisor sets it): how long a 429 without Retry-After holds every worker's model calls",
    ).default(30),
    max_rate_limit_waits: nonNegativeInt(
      'With AGENT_HARNESS_MODEL_HOLD set: how many 429s in a row a worker waits out; the next one fails the task (exit 16). Unset variable: the first 429 does',
    ).default(10),
  })
  .strict()
  .describe('The model the structured-action worker calls (docs/worker.md)')
  .prefault({});

export const workerSection = z
  .object({
    tasks_dir: pathString('Where `worker new` creates task directories and `worker ls` looks').default(
      'tasks',
    ),
    max_iterations: positiveInt(
      'constraints.max_iterations of a new task, and of each loop session with agent.format = "json-actions"',
    ).default(50),
    timeout_secs: positiveSeconds(
      'constraints.timeout_seconds of a new task (running time), and of each json-actions loop session',
    ).default(300),
    allowed_paths: z
      .array(pathString("A directory the worker's tools may use"))
      .min(1, 'must name at least one directory')
      .describe('constraints.allowed_paths of a new task, relative to the working directory')
      .default(['.']),
    history_iterations: nonNegativeInt('Past iterations shown to the model in each request').default(5),
    max_read_bytes: positiveInt('read_file refuses a larger file').default(256 * 1024),
    max_write_bytes: positiveInt('write_file and create_file refuse larger content').default(1024 * 1024),
    max_find_results: positiveInt(
      'find_files returns at most this many paths and says it cut the list',
    ).default(500),
    max_list_entries: positiveInt(
      'list_directory returns at most this many names and says it cut the list',
    ).default(1000),
    max_result_bytes: positiveInt("Bytes of one action's result the model sees in its history").default(
      16 * 1024,
    ),
    heartbeat_secs: positiveSeconds('heartbeat.json is rewritten this often while a step runs').default(10),
    stale_after_secs: positiveSeconds(
      '`worker ls` and `worker supervise`: a running task whose heartbeat is older than this is stale (supervise: or whose step has lasted this long; keep it above the longest model call)',
    ).default(60),
    supervise_parallel: positiveInt(
      '`worker supervise`: tasks run at once; unset: the number of cores, at most 4',
    )
      .optional()
      .describe('`worker supervise`: tasks run at once; unset: the number of cores, at most 4'),
    supervise_max_restarts: nonNegativeInt(
      '`worker supervise`: how often a task that hung or died is resumed before it is given up',
    ).default(3),
    done_when_timeout_secs: positiveSeconds(
      '`worker supervise`: a done_when command that runs longer is ended and counts as not done',
    ).default(60),
  })
  .strict()
  .describe("The structured-action worker's tasks and limits (docs/worker.md)")
  .prefault({});
