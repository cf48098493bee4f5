// A git server on loopback speaking smart HTTP, as GitHub does for https remotes: git's own `git http-backend`
// behind a Node server that admits a request only with `Authorization: Basic base64(x-access-token:<token>)` (the
// header actions/checkout persists and the harness sends), and answers 401 otherwise. Each request is recorded with
// whether it was admitted, so a test can tell which credential a push or fetch carried.
import { spawn } from 'node:child_process';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface GitHttp {
  /** `http://127.0.0.1:<port>`: the server URL a job would have as GITHUB_SERVER_URL. */
  origin: string;
  /** The URL of a bare repository under the root. */
  url(repo: string): string;
  requests: Array<{ method: string; path: string; admitted: boolean }>;
  close(): Promise<void>;
}

export async function startGitHttp(root: string, token: string): Promise<GitHttp> {
  const expected = `Basic ${Buffer.from(`x-access-token:${token}`).toString('base64')}`;
  const requests: GitHttp['requests'] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const admitted = (req.headers.authorization ?? '').toLowerCase() === expected.toLowerCase();
    requests.push({ method: req.method ?? '', path: `${url.pathname}${url.search}`, admitted });
    if (!admitted) {
      res.writeHead(401, { 'WWW-Authenticate': 'Basic realm="git"' });
      res.end('unauthorized\n');
      return;
    }
    backend(root, url, req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    url: (repo) => `${origin}/${repo}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** One request through `git http-backend` (CGI): the request body in, headers and body out. */
function backend(root: string, url: URL, req: IncomingMessage, res: ServerResponse): void {
  const child = spawn('git', ['http-backend'], {
    env: {
      ...process.env,
      GIT_PROJECT_ROOT: root,
      GIT_HTTP_EXPORT_ALL: '1',
      PATH_INFO: decodeURIComponent(url.pathname),
      QUERY_STRING: url.search.slice(1),
      REQUEST_METHOD: req.method ?? 'GET',
      CONTENT_TYPE: req.headers['content-type'] ?? '',
      HTTP_CONTENT_ENCODING: req.headers['content-encoding'] ?? '',
      REMOTE_USER: 'x-access-token', // admitted: receive-pack serves an authenticated user
      REMOTE_ADDR: '127.0.0.1',
      ...(req.headers['content-length'] ? { CONTENT_LENGTH: req.headers['content-length'] } : {}),
    },
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  req.pipe(child.stdin);
  let head = Buffer.alloc(0);
  let headersDone = false;
  child.stdout.on('data', (chunk: Buffer) => {
    if (headersDone) {
      res.write(chunk);
      return;
    }
    head = Buffer.concat([head, chunk]);
    const end = head.indexOf('\r\n\r\n');
    if (end < 0) return;
    headersDone = true;
    let status = 200;
    const headers: Record<string, string> = {};
    for (const line of head.subarray(0, end).toString('latin1').split('\r\n')) {
      const colon = line.indexOf(':');
      const name = line.slice(0, colon).trim();
      const value = line.slice(colon + 1).trim();
      if (name.toLowerCase() === 'status') status = Number.parseInt(value, 10);
      else headers[name] = value;
    }
    res.writeHead(status, headers);
    res.write(head.subarray(end + 4));
  });
  child.on('close', () => {
    if (!headersDone) res.writeHead(500);
    res.end();
  });
}
