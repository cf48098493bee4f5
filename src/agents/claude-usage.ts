// What a Claude Code `result` event reports of its session's use: turns, tokens (its `usage`, else the sum of its
// `modelUsage`), cost and duration, and whether a successful result shows any work at all.
import { emptyMetrics, type SessionMetrics } from '../session/index.js';
import { asNumber, asObject, type JsonObject } from './json-lines.js';

/**
 * A successful result that shows work: a non-empty answer, output tokens or a cost (issue 23: a session that did
 * work is never empty because its assistant messages carry no text blocks; report-claude-empty-content-with-usage,
 * report-claude-success-no-text-result). A result with none of these is the model producing nothing.
 */
export function didWork(result: JsonObject | null, resultText: string | null): boolean {
  if (result === null) return false;
  if ((resultText ?? '').trim() !== '') return true;
  const outputTokens =
    asNumber(asObject(result.usage)?.output_tokens) ?? sumModelUsage(result, 'outputTokens');
  return (outputTokens ?? 0) > 0 || (asNumber(result.total_cost_usd) ?? 0) > 0;
}

function sumModelUsage(
  result: JsonObject,
  key: 'inputTokens' | 'outputTokens' | 'cacheReadInputTokens' | 'cacheCreationInputTokens',
): number | null {
  const models = asObject(result.modelUsage);
  if (models === null) return null;
  let total: number | null = null;
  for (const usage of Object.values(models)) {
    const n = asNumber(asObject(usage)?.[key]);
    if (n !== null) total = (total ?? 0) + n;
  }
  return total;
}

export function metricsOf(result: JsonObject): SessionMetrics {
  const usage = asObject(result.usage);
  return {
    ...emptyMetrics(),
    // num_turns counts the model's turns (one per API answer), the meaning `turns` has for every format.
    turns: asNumber(result.num_turns),
    input_tokens: asNumber(usage?.input_tokens) ?? sumModelUsage(result, 'inputTokens'),
    output_tokens: asNumber(usage?.output_tokens) ?? sumModelUsage(result, 'outputTokens'),
    cost_usd: asNumber(result.total_cost_usd),
    agent_duration_ms: asNumber(result.duration_ms),
    cache_read_tokens:
      asNumber(usage?.cache_read_input_tokens) ?? sumModelUsage(result, 'cacheReadInputTokens'),
    cache_write_tokens:
      asNumber(usage?.cache_creation_input_tokens) ?? sumModelUsage(result, 'cacheCreationInputTokens'),
  };
}
