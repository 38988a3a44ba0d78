import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface PullRequestCreated {
  owner: string;
  repo: string;
  head: string;
  base: string;
  title: string;
  body: string;
  draft: boolean;
}

/**
 * A local server speaking the parts of GitHub's REST API that opening a pull request through Octokit
 * uses: the repository (with the token's permissions), open pull requests by head, and creating one.
 * It answers 401 to any other token, like GitHub.
 */
export async function startGitHubApi(token: string): Promise<{ url: string; created: PullRequestCreated[]; close(): Promise<void> }> {
  const created: PullRequestCreated[] = [];
  const server = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => (raw += chunk));
    request.on('end', () => {
      const send = (status: number, body: unknown) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (request.headers.authorization !== `token ${token}` && request.headers.authorization !== `Bearer ${token}`) {
        return send(401, { message: 'Bad credentials', documentation_url: 'https://docs.github.com/rest' });
      }
      const url = new URL(request.url!, 'http://localhost');
      const repo = /^\/repos\/([^/]+)\/([^/]+)(\/pulls)?$/.exec(url.pathname);
      if (!repo) return send(404, { message: 'Not Found' });
      const [, owner, name, pulls] = repo as unknown as [string, string, string, string | undefined];
      if (!pulls && request.method === 'GET') return send(200, { full_name: `${owner}/${name}`, permissions: { admin: false, push: true, pull: true } });
      if (pulls && request.method === 'GET') {
        const head = url.searchParams.get('head');
        return send(
          200,
          created
            .map((pull, i) => ({ pull, number: i + 1 }))
            .filter(({ pull }) => `${pull.owner}:${pull.head}` === head)
            .map(({ pull, number }) => ({ number, html_url: htmlUrl(owner, name, number), draft: pull.draft })),
        );
      }
      if (pulls && request.method === 'POST') {
        const body = JSON.parse(raw) as Omit<PullRequestCreated, 'owner' | 'repo'>;
        created.push({ owner, repo: name, ...body, draft: body.draft ?? false });
        return send(201, { number: created.length, html_url: htmlUrl(owner, name, created.length), draft: body.draft ?? false });
      }
      send(404, { message: 'Not Found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    created,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const htmlUrl = (owner: string, repo: string, number: number) => `https://github.test/${owner}/${repo}/pull/${number}`;
