// The public face of config/: what the rest of the source may use. Anything else in this directory is its own.
export { PHASES } from './agent-section.js';
export { describeConfig } from './describe.js';
export { CONFIG_FILE_NAMES } from './discover.js';
export { formatKeyPath, formatValue, valueAt } from './errors.js';
export { configJsonSchema } from './json-schema.js';
export { loadConfig } from './load.js';
export type { LoadedConfig } from './load.js';
export { TARGET_METRICS, TARGET_RULE } from './metrics-sections.js';
export type { TargetMetric } from './metrics-sections.js';
export { interactiveArgs, phaseConfig } from './phase.js';
export { compilePattern } from './regex.js';
export { configSchema } from './schema.js';
export type { Config } from './schema.js';
export { closestMatch } from './suggest.js';
export { MAX_TIMER_MINS, MAX_TIMER_SECS, TIMER_LIMIT_REASON } from './value-kinds.js';
export { DEFAULT_BASE_URLS } from './worker-sections.js';
export type { LlmProvider } from './worker-sections.js';
