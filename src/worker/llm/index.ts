// The worker's model, from the [llm] config: which transport, where, which model, with which key. Everything a
// transport cannot do without is checked here, before anything starts, and named by its config key with the fix.
import type { Clock, Spawn } from '../../os/clock-spawn.js';
import type { Config } from '../../config/index.js';
import { DEFAULT_BASE_URLS } from '../../config/index.js';
import { EXIT, HarnessError } from '../../errors/exit-codes.js';
import { commandTransport, defaultCommand, substituteModel, usesModel } from './command.js';
import { httpTransport, type HttpTransportOptions } from './http-transport.js';
import { ollamaWire } from './ollama.js';
import { openaiWire } from './openai.js';
import type { LlmTransport } from './transport.js';

/** The [llm] settings cannot work: exit 2, nothing started. */
export class LlmConfigError extends HarnessError {
  override readonly name = 'LlmConfigError';

  constructor(
    message: string,
    /** The config key at fault, e.g. `llm.model`. */
    readonly key: string,
  ) {
    super(message, EXIT.usage);
  }
}

export interface TransportDeps {
  env: NodeJS.ProcessEnv;
  spawn: Spawn;
  clock: Clock;
  /** The run's containment cookie, carried by the command and ended with it. */
  cookie?: string;
  /** Chooses llm.command's default. Default: process.platform. */
  platform?: NodeJS.Platform;
}

/** The API key llm.api_key_env names, or undefined when it names none; throws when it names an unset variable. */
export function apiKeyFrom(llm: Config['llm'], env: NodeJS.ProcessEnv): string | undefined {
  const name = llm.api_key_env;
  if (name === undefined) return undefined;
  const value = env[name];
  if (value === undefined || value.trim() === '')
    throw new LlmConfigError(
      `llm.api_key_env names ${name}, which is not set${value === undefined ? '' : ' (it is empty)'}: export ${name} with the API key, or remove llm.api_key_env if the server needs none`,
      'llm.api_key_env',
    );
  return value.trim();
}

export function transportFor(llm: Config['llm'], deps: TransportDeps): LlmTransport {
  const timeoutMs = llm.timeout_secs * 1000;
  if (llm.provider === 'command') {
    const argv = llm.command ?? defaultCommand(deps.platform ?? process.platform);
    const configured = llm.command !== undefined;
    if (argv.length === 0 || argv[0] === '')
      throw new LlmConfigError(
        'llm.command[0] is empty: name the program to run, e.g. ["ollama", "run", "{model}"]',
        'llm.command',
      );
    if (usesModel(argv) && llm.model === undefined)
      throw new LlmConfigError(
        configured
          ? 'llm.command uses {model} but llm.model is not set: set llm.model, or write the model into llm.command'
          : 'llm.model is not set: the default llm.command (`ollama run {model}`) needs it; set llm.model (e.g. "qwen2.5-coder:7b") or llm.command',
        'llm.model',
      );
    return commandTransport({
      argv: llm.model === undefined ? [...argv] : substituteModel(argv, llm.model),
      model: llm.model ?? null,
      env: deps.env,
      timeoutMs,
      maxAnswerBytes: llm.max_answer_bytes,
      spawn: deps.spawn,
      clock: deps.clock,
      cookie: deps.cookie,
    });
  }
  if (llm.model === undefined)
    throw new LlmConfigError(
      `llm.model is not set: llm.provider = "${llm.provider}" needs the model's name${llm.provider === 'ollama' ? ' (one `ollama list` shows, e.g. "qwen2.5-coder:7b")' : ' (the one the server serves)'}`,
      'llm.model',
    );
  const options: HttpTransportOptions = {
    baseUrl: llm.base_url ?? DEFAULT_BASE_URLS[llm.provider],
    model: llm.model,
    temperature: llm.temperature,
    timeoutMs,
    apiKey: apiKeyFrom(llm, deps.env),
    apiKeyEnv: llm.api_key_env,
    maxAnswerBytes: llm.max_answer_bytes,
    clock: deps.clock,
  };
  return httpTransport(llm.provider === 'ollama' ? ollamaWire : openaiWire, options);
}

export { LlmError } from './transport.js';
export type { ChatMessage, LlmReply, LlmTransport, LlmUsage } from './transport.js';
export { LLM_FAILURE_KINDS } from './transport.js';
export { extendHold, holdEndMs, holdPathFrom, MODEL_HOLD_VAR, readHold } from './hold-file.js';
