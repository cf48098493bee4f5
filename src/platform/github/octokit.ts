// Octokit with the retry and throttling plugins: transient 5xx answers are retried, and GitHub's primary and
// secondary rate limits are waited out (a few times) instead of failing the loop.
import { retry } from '@octokit/plugin-retry';
import { throttling } from '@octokit/plugin-throttling';
import { Octokit } from '@octokit/rest';

export type GitHubClient = InstanceType<typeof Octokit>;

const Client = Octokit.plugin(retry, throttling);

export function createOctokit(options: {
  token: string;
  baseUrl: string;
  warn: (message: string) => void;
  /** Retries of a rate-limited request before it fails (default 2). */
  rateLimitRetries?: number;
}): GitHubClient {
  const limit = options.rateLimitRetries ?? 2;
  return new Client({
    auth: options.token,
    baseUrl: options.baseUrl,
    userAgent: 'agent-harness',
    log: { debug: () => undefined, info: () => undefined, warn: options.warn, error: options.warn },
    throttle: {
      onRateLimit: (
        retryAfter: number,
        request: { method: string; url: string },
        _octokit: unknown,
        retryCount: number,
      ) => {
        options.warn(`GitHub rate limit on ${request.method} ${request.url}; retrying in ${retryAfter}s`);
        return retryCount < limit;
      },
      onSecondaryRateLimit: (
        retryAfter: number,
        request: { method: string; url: string },
        _octokit: unknown,
        retryCount: number,
      ) => {
        options.warn(
          `GitHub secondary rate limit on ${request.method} ${request.url}; retrying in ${retryAfter}s`,
        );
        return retryCount < limit;
      },
    },
  });
}
