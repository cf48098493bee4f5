// What the Action asks of GitHub's REST API: the STOP label, comments, commit statuses, and the facts the
// issue trigger needs (who added a label, their permission, the issue's text). Every answer is treated as
// untrusted input and narrowed to the fields used.
import type { GitHubClient } from './octokit.js';

export type CommitState = 'pending' | 'success' | 'failure' | 'error';

export interface IssueFacts {
  number: number;
  title: string;
  body: string;
  author: string;
  htmlUrl: string;
  labels: string[];
}

export interface LabelEvent {
  actor: string;
  label: string;
  createdAt: string;
}

const WRITE_PERMISSIONS = new Set(['admin', 'maintain', 'write']);

export class Forge {
  constructor(
    private readonly octokit: GitHubClient,
    private readonly owner: string,
    private readonly repo: string,
  ) {}

  private get where() {
    return { owner: this.owner, repo: this.repo };
  }

  /** Polled often and only ever a warning when it fails, so a failure is not retried: the next poll is. */
  async issueLabels(issue: number): Promise<string[]> {
    const { data } = await this.octokit.rest.issues.listLabelsOnIssue({
      ...this.where,
      issue_number: issue,
      per_page: 100,
      request: { retries: 0 },
    });
    return data.map((label) => String(label.name));
  }

  /** Removes a label; a label already gone is not an error. */
  async removeLabel(issue: number, name: string): Promise<void> {
    try {
      await this.octokit.rest.issues.removeLabel({ ...this.where, issue_number: issue, name });
    } catch (error) {
      if ((error as { status?: number }).status !== 404) throw error;
    }
  }

  async comment(issue: number, body: string): Promise<void> {
    await this.octokit.rest.issues.createComment({ ...this.where, issue_number: issue, body });
  }

  async setStatus(
    sha: string,
    state: CommitState,
    description: string,
    targetUrl: string,
    context: string,
  ): Promise<void> {
    await this.octokit.rest.repos.createCommitStatus({
      ...this.where,
      sha,
      state,
      // GitHub rejects descriptions over 140 characters.
      description: description.length > 140 ? `${description.slice(0, 139)}…` : description,
      target_url: targetUrl,
      context,
    });
  }

  async issue(issue: number): Promise<IssueFacts> {
    const { data } = await this.octokit.rest.issues.get({ ...this.where, issue_number: issue });
    return {
      number: data.number,
      title: String(data.title ?? ''),
      body: String(data.body ?? ''),
      author: String(data.user?.login ?? ''),
      htmlUrl: String(data.html_url ?? ''),
      labels: (data.labels ?? []).map((label) =>
        typeof label === 'string' ? label : String(label.name ?? ''),
      ),
    };
  }

  /** Whether the user may push: write, maintain or admin on this repository. Non-collaborators may not. */
  async canWrite(user: string): Promise<boolean> {
    try {
      const { data } = await this.octokit.rest.repos.getCollaboratorPermissionLevel({
        ...this.where,
        username: user,
      });
      return (
        WRITE_PERMISSIONS.has(String(data.permission)) || WRITE_PERMISSIONS.has(String(data.role_name ?? ''))
      );
    } catch (error) {
      if ((error as { status?: number }).status === 404) return false;
      throw error;
    }
  }
}
