// transportFor: the [llm] settings become a transport, or a configuration error (exit 2) naming the key and the fix.
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { configSchema, type Config } from '../../../../src/config/schema.js';
import { EXIT } from '../../../../src/errors/exit-codes.js';
import { systemClock } from '../../../../src/os/system-clock.js';
import { commandLine, defaultCommand, substituteModel } from '../../../../src/worker/llm/command.js';
import { LlmConfigError, transportFor } from '../../../../src/worker/llm/index.js';

const llmOf = (llm: Record<string, unknown>): Config['llm'] => configSchema.parse({ llm }).llm;
const deps = (env: NodeJS.ProcessEnv = {}, platform: NodeJS.Platform = 'linux') => ({
  env,
  spawn,
  clock: systemClock,
  platform,
});
const configError = (run: () => unknown): LlmConfigError => {
  try {
    run();
  } catch (error) {
    if (error instanceof LlmConfigError) return error;
    throw error;
  }
  throw new Error('no LlmConfigError');
};

describe('the default command', () => {
  it('is ollama run, through WSL on Windows', () => {
    expect(defaultCommand('linux')).toEqual(['ollama', 'run', '{model}']);
    expect(defaultCommand('darwin')).toEqual(['ollama', 'run', '{model}']);
    expect(defaultCommand('win32')).toEqual(['wsl', 'bash', '-c', 'ollama run {model}']);
  });

  it('gets the model in every argument', () => {
    expect(substituteModel(['x', '--m={model}', '{model}:{model}'], 'q:7b')).toEqual([
      'x',
      '--m=q:7b',
      'q:7b:q:7b',
    ]);
    expect(commandLine(['wsl', 'bash', '-c', 'ollama run q'])).toBe('wsl bash -c "ollama run q"');
  });

  it('is chosen by platform in transportFor', () => {
    expect(transportFor(llmOf({ provider: 'command', model: 'q' }), deps({}, 'win32')).endpoint).toBe(
      'wsl bash -c "ollama run q"',
    );
    const linux = transportFor(llmOf({ provider: 'command', model: 'q' }), deps());
    expect(linux.endpoint).toBe('ollama run q');
    expect(linux.provider).toBe('command');
    expect(linux.model).toBe('q');
  });
});

describe('transportFor', () => {
  it('uses the default base URLs', () => {
    expect(transportFor(llmOf({ model: 'q' }), deps()).endpoint).toBe('http://127.0.0.1:11434/api/chat');
    expect(transportFor(llmOf({ provider: 'openai', model: 'q' }), deps()).endpoint).toBe(
      'http://127.0.0.1:8080/v1/chat/completions',
    );
    expect(
      transportFor(llmOf({ provider: 'openai', model: 'q', base_url: 'https://api.example.com/v1/' }), deps())
        .endpoint,
    ).toBe('https://api.example.com/v1/chat/completions');
  });

  it.each(['ollama', 'openai'])('refuses %s without llm.model', (provider) => {
    const error = configError(() => transportFor(llmOf({ provider }), deps()));
    expect(error.exitCode).toBe(EXIT.usage);
    expect(error.key).toBe('llm.model');
    expect(error.message).toMatch(/^llm\.model is not set: /);
  });

  it('refuses llm.api_key_env naming an unset or empty variable, and never shows a value', () => {
    const llm = llmOf({ provider: 'openai', model: 'q', api_key_env: 'MY_KEY' });
    const unset = configError(() => transportFor(llm, deps()));
    expect(unset.key).toBe('llm.api_key_env');
    expect(unset.message).toContain('MY_KEY, which is not set');
    expect(configError(() => transportFor(llm, deps({ MY_KEY: '  ' }))).message).toContain('(it is empty)');
    expect(transportFor(llm, deps({ MY_KEY: 'sk-1' })).provider).toBe('openai');
  });

  it('refuses a {model} command without llm.model, and an empty program', () => {
    const byDefault = configError(() => transportFor(llmOf({ provider: 'command' }), deps()));
    expect(byDefault.key).toBe('llm.model');
    expect(byDefault.message).toContain('the default llm.command');
    const configured = configError(() =>
      transportFor(llmOf({ provider: 'command', command: ['run', '--model', '{model}'] }), deps()),
    );
    expect(configured.message).toContain('llm.command uses {model} but llm.model is not set');
    expect(configError(() => transportFor(llmOf({ provider: 'command', command: [''] }), deps())).key).toBe(
      'llm.command',
    );
  });

  it('takes a command without {model} and without a model', () => {
    const transport = transportFor(llmOf({ provider: 'command', command: ['my model', '-q'] }), deps());
    expect(transport.endpoint).toBe('"my model" -q');
    expect(transport.model).toBeNull();
  });
});
