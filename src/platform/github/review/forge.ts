// What review mode asks of GitHub's REST API beyond the loop's needs (../forge.ts): the pull request of a plan's
// branch, the issue's comments and label events (where a human's answer to an escalation is found), and the
// needs-human label. Every answer is untrusted input, narrowed to the fields used.
import type { GitHubClient } from '../octokit.js';

export interface PullFacts {
  number: number;
  htmlUrl: string;
  title: string;
  body: string;
  head: string;
  base: string;
}

export interface CommentFacts {
  id: number;
  author: string;
  /** `Bot` for an app's account (github-actions[bot]), `User` otherwise. */
  authorType: string;
  /** OWNER, MEMBER, COLLABORATOR, CONTRIBUTOR, FIRST_TIMER, FIRST_TIME_CONTRIBUTOR, MANNEQUIN or NONE. */
  association: string;
  body: string;
  createdAt: string;
  htmlUrl: string;
}

export interface LabelChange {
  event: 'labeled' | 'unlabeled';
  label: string;
  actor: string;
  createdAt: string;
}

const status = (error: unknown): number | undefined => (error as { status?: number }).status;

export class ReviewForge {
  constructor(
    private readonly octokit: GitHubClient,
    readonly owner: string,
    readonly repo: string,
  ) {}

  private get where() {
    return { owner: this.owner, repo: this.repo };
  }

  /** The open pull request from `branch` (of this repository), if there is one. */
  async openPull(branch: string): Promise<PullFacts | null> {
    const { data } = await this.octokit.rest.pulls.list({
      ...this.where,
      state: 'open',
      head: `${this.owner}:${branch}`,
      per_page: 100,
    });
    const pull = data.find((p) => p.head.ref === branch);
    return pull ? pullFacts(pull) : null;
  }

  async createPull(input: { branch: string; base: string; title: string; body: string }): Promise<PullFacts> {
    const { data } = await this.octokit.rest.pulls.create({
      ...this.where,
      head: input.branch,
      base: input.base,
      title: input.title,
      body: input.body,
    });
    return pullFacts(data);
  }

  async updatePull(number: number, input: { title: string; body: string }): Promise<PullFacts> {
    const { data } = await this.octokit.rest.pulls.update({
      ...this.where,
      pull_number: number,
      title: input.title,
      body: input.body,
    });
    return pullFacts(data);
  }

  /** Every comment on the issue, oldest first. */
  async comments(issue: number): Promise<CommentFacts[]> {
    const data = await this.octokit.paginate(this.octokit.rest.issues.listComments, {
      ...this.where,
      issue_number: issue,
      per_page: 100,
    });
    return data.map((c) => ({
      id: Number(c.id),
      author: String(c.user?.login ?? ''),
      authorType: String(c.user?.type ?? ''),
      association: String(c.author_association ?? 'NONE'),
      body: String(c.body ?? ''),
      createdAt: String(c.created_at),
      htmlUrl: String(c.html_url ?? ''),
    }));
  }

  /** The issue's `labeled` and `unlabeled` events, oldest first. */
  async labelChanges(issue: number): Promise<LabelChange[]> {
    const data = await this.octokit.paginate(this.octokit.rest.issues.listEvents, {
      ...this.where,
      issue_number: issue,
      per_page: 100,
    });
    return data.flatMap((e): LabelChange[] => {
      const label = (e as { label?: { name?: unknown } }).label?.name;
      if ((e.event !== 'labeled' && e.event !== 'unlabeled') || typeof label !== 'string') return [];
      return [
        { event: e.event, label, actor: String(e.actor?.login ?? ''), createdAt: String(e.created_at) },
      ];
    });
  }

  /** Posts a comment; returns its id and address. */
  async comment(issue: number, body: string): Promise<{ id: number; htmlUrl: string }> {
    const { data } = await this.octokit.rest.issues.createComment({
      ...this.where,
      issue_number: issue,
      body,
    });
    return { id: Number(data.id), htmlUrl: String(data.html_url ?? '') };
  }

  /** Removes the label from the issue when it is there (asking first: the client logs every 404 as a warning). */
  async removeLabelIfPresent(issue: number, name: string): Promise<boolean> {
    const { data } = await this.octokit.rest.issues.listLabelsOnIssue({
      ...this.where,
      issue_number: issue,
      per_page: 100,
    });
    const found = data.find((l) => String(l.name).toLowerCase() === name.toLowerCase());
    if (!found) return false;
    await this.octokit.rest.issues.removeLabel({
      ...this.where,
      issue_number: issue,
      name: String(found.name),
    });
    return true;
  }

  /**
   * Creates the repository label when it does not exist yet (with a colour and a description saying what it
   * means), then adds it to the issue. Adding alone would create it too, but grey and unexplained. The labels
   * are listed rather than the one asked for, since the client logs every 404 as a warning.
   */
  async addLabel(issue: number, name: string, description: string): Promise<void> {
    const labels = await this.octokit.paginate(this.octokit.rest.issues.listLabelsForRepo, {
      ...this.where,
      per_page: 100,
    });
    if (!labels.some((l) => String(l.name).toLowerCase() === name.toLowerCase())) {
      try {
        await this.octokit.rest.issues.createLabel({ ...this.where, name, color: 'd93f0b', description });
      } catch (created) {
        // 422: created meanwhile (another job); adding it below works either way.
        if (status(created) !== 422) throw created;
      }
    }
    await this.octokit.rest.issues.addLabels({ ...this.where, issue_number: issue, labels: [name] });
  }
}

function pullFacts(p: {
  number: number;
  html_url: string;
  title: string;
  body?: string | null;
  head: { ref: string };
  base: { ref: string };
}): PullFacts {
  return {
    number: p.number,
    htmlUrl: String(p.html_url),
    title: String(p.title),
    body: String(p.body ?? ''),
    head: String(p.head.ref),
    base: String(p.base.ref),
  };
}
