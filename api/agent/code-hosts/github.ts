import { Octokit } from '@octokit/rest';

/** The code host cannot be used as configured (no token, no access, unknown repository): `github_misconfigured`. */
export class CodeHostUnusable extends Error {}

/** `owner/repo` of a repository under GITHUB_URL (`https://github.com/acme/docs.git`), if it is one. */
export function gitHubRepository(repoUrl: string, githubUrl: string): { owner: string; repo: string } | undefined {
  if (!repoUrl.startsWith(`${githubUrl}/`)) return undefined;
  const [owner, repo] = repoUrl
    .slice(githubUrl.length + 1)
    .replace(/\.git$/, '')
    .replace(/\/+$/, '')
    .split('/');
  return owner && repo ? { owner, repo } : undefined;
}

/**
 * Pull requests on GitHub (or GitHub Enterprise) through Octokit, with GITHUB_TOKEN. Any refusal by
 * GitHub that configuration can fix (401, 403, 404) is a CodeHostUnusable that says what to fix.
 */
export class GitHubPullRequests {
  readonly #octokit: Octokit;

  constructor(
    private readonly repository: { owner: string; repo: string },
    private readonly settings: { apiUrl: string; token: string | undefined },
  ) {
    // Octokit's own request log is silenced: failures are reported on the job.
    const quiet = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };
    this.#octokit = new Octokit({ auth: settings.token, baseUrl: settings.apiUrl, userAgent: 'folio-agent', log: quiet, request: { retries: 0 } });
  }

  get name(): string {
    return `${this.repository.owner}/${this.repository.repo}`;
  }

  /** Checks, before any work, that the token exists and may push to the repository. */
  async checkAccess(): Promise<void> {
    if (!this.settings.token)
      throw new CodeHostUnusable(
        `GITHUB_TOKEN is not set, so Folio cannot push to ${this.name} or open pull requests there; set it to a token with contents and pull-requests write access.`,
      );
    const found = await this.#call(() => this.#octokit.repos.get(this.repository));
    const permissions = (found.data as { permissions?: { push?: boolean } }).permissions;
    if (permissions && permissions.push === false) {
      throw new CodeHostUnusable(`GITHUB_TOKEN may read ${this.name} but not push to it; give it write access.`);
    }
  }

  /** Opens a pull request from `head` into `base` (or finds the one open already); returns its address. */
  async open(input: { head: string; base: string; title: string; body: string; draft: boolean }): Promise<string> {
    const existing = await this.#call(() =>
      this.#octokit.pulls.list({ ...this.repository, head: `${this.repository.owner}:${input.head}`, base: input.base, state: 'open' }),
    );
    if (existing.data[0]) return existing.data[0].html_url;
    const created = await this.#call(() => this.#octokit.pulls.create({ ...this.repository, ...input }));
    return created.data.html_url;
  }

  async #call<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      const status = (error as { status?: number }).status;
      if (status === 401) throw new CodeHostUnusable(`GitHub refused GITHUB_TOKEN (401) for ${this.name}; set a valid token.`);
      if (status === 403) throw new CodeHostUnusable(`GITHUB_TOKEN may not do this on ${this.name} (403); give it contents and pull-requests write access.`);
      if (status === 404)
        throw new CodeHostUnusable(`GitHub does not know ${this.name}, or GITHUB_TOKEN cannot see it (404); check the project's repository and the token.`);
      throw error;
    }
  }
}
