// The single source of truth for configuration: defaults, types, documentation and the JSON Schema all come
// from here, one section per key, each declared in the file of its concern. Every object is strict so a
// misspelt key is an error, never a silently ignored setting.
import { z } from 'zod';
import { agentSection, type Phase } from './agent-section.js';
import {
  backoffSection,
  commitDetectionSection,
  hooksSection,
  outputSection,
  promptSection,
  rateLimitSection,
  retrySection,
  sessionSection,
  progressSection,
  shutdownSection,
  watchdogSection,
} from './loop-sections.js';
import { metricsSection, storageSection } from './metrics-sections.js';
import { reviewSection } from './review-section.js';
import { llmSection, workerSection } from './worker-sections.js';

export const configSchema = z
  .object({
    session: sessionSection,
    agent: agentSection,
    watchdog: watchdogSection,
    retry: retrySection,
    backoff: backoffSection,
    progress: progressSection,
    shutdown: shutdownSection,
    hooks: hooksSection,
    prompt: promptSection,
    output: outputSection,
    commit_detection: commitDetectionSection,
    rate_limit: rateLimitSection,
    review: reviewSection,
    metrics: metricsSection,
    storage: storageSection,
    llm: llmSection,
    worker: workerSection,
  })
  .strict();

export type Config = z.output<typeof configSchema>;
export type ConfigInput = z.input<typeof configSchema>;
/** A phase's own agent settings (`agent.plan`, `agent.develop`, `agent.review`), every key optional. */
export type PhaseAgent = NonNullable<Config['agent'][Phase]>;
