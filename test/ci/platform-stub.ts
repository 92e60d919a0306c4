// A small local stand-in for the REST routes the CI examples call on GitHub and GitLab: pull
// request comments / merge request notes, issues, /user, and GitHub's GraphQL `viewer`. Each
// token writes as its own identity: a user's personal token reads /user; an installation token
// (the Actions GITHUB_TOKEN, a GitHub App's token) is refused /user, as on GitHub, and answers
// GraphQL `viewer` with its bot login. Lists are paged as the platforms page
// them (GitHub: Link rel="next"; GitLab: x-next-page), so a script that reads only the first page
// misses what is on the second. Every request is recorded.

import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Note {
  id: number;
  body: string;
  /** GitHub: user.login; GitLab: author.id / author.username. */
  login: string;
  userId: number;
}

export interface Issue {
  number: number;
  title: string;
  body: string;
  labels: string[];
  state: 'open' | 'closed';
  login: string;
  userId: number;
}

export interface StubRequest {
  method: string;
  path: string;
  query: URLSearchParams;
}

export interface PlatformStub {
  url: string;
  requests: StubRequest[];
  /** Comments (GitHub) / notes (GitLab) of pull request / merge request 7. */
  notes: Note[];
  issues: Issue[];
  /** Tokens that may read but not write (a fork's GITHUB_TOKEN): writes answer 403. */
  readOnlyTokens: Set<string>;
  /** GitHub tokens and whom they write as; a token not listed is the Actions token (GITHUB_BOT). */
  githubTokens: Map<string, GithubIdentity>;
  /** false: POST /graphql answers 502, as when GraphQL cannot be reached. */
  graphql: boolean;
  /** Tokens GitHub does not accept (expired, revoked): every request answers 401. */
  badTokens: Set<string>;
  close(): Promise<void>;
}

export interface GithubIdentity {
  login: string;
  id: number;
  /** A user's token reads GET /user; an installation token is refused it. */
  kind: 'user' | 'installation';
}

export const GITHUB_BOT: GithubIdentity = { login: 'github-actions[bot]', id: 41898282, kind: 'installation' };
/** A GitHub App's installation token: its comments are by `<app-slug>[bot]`. */
export const GITHUB_APP: GithubIdentity = { login: 'acme-settings-app[bot]', id: 77000001, kind: 'installation' };
/** A person's personal access token. */
export const GITHUB_USER: GithubIdentity = { login: 'Ops-Lead', id: 5150, kind: 'user' };
export const GITLAB_BOT = { login: 'project_42_bot', id: 900 };

async function bodyOf(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text === '' ? {} : (JSON.parse(text) as Record<string, unknown>);
}

export async function startPlatformStub(): Promise<PlatformStub> {
  const stub: Omit<PlatformStub, 'url' | 'close'> = { requests: [], notes: [], issues: [], readOnlyTokens: new Set(), githubTokens: new Map(), graphql: true, badTokens: new Set() };
  let nextId = 1000;
  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://stub');
      stub.requests.push({ method: req.method ?? 'GET', path: url.pathname, query: url.searchParams });
      const send = (status: number, data: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(JSON.stringify(data));
      };
      const gitlab = url.pathname.startsWith('/api/v4/');
      const token = gitlab ? String(req.headers['private-token'] ?? '') : String(req.headers.authorization ?? '').replace(/^Bearer /, '');
      if (token === '' || stub.badTokens.has(token)) return send(401, { message: 'Bad credentials' });
      const method = req.method ?? 'GET';
      if (method !== 'GET' && stub.readOnlyTokens.has(token)) return send(403, { message: 'Resource not accessible by integration' });
      const me = gitlab ? { ...GITLAB_BOT, kind: 'user' as const } : (stub.githubTokens.get(token) ?? GITHUB_BOT);
      const page = <T>(items: T[]): { items: T[]; headers: Record<string, string> } => {
        const perPage = Number(url.searchParams.get('per_page') ?? (gitlab ? 20 : 30));
        const n = Number(url.searchParams.get('page') ?? 1);
        const slice = items.slice((n - 1) * perPage, n * perPage);
        const more = n * perPage < items.length;
        if (!more) return { items: slice, headers: {} };
        if (gitlab) return { items: slice, headers: { 'x-next-page': String(n + 1) } };
        const next = new URL(url.href);
        next.searchParams.set('page', String(n + 1));
        return { items: slice, headers: { link: `<http://${req.headers.host}${next.pathname}${next.search}>; rel="next"` } };
      };
      const noteJson = (n: Note) => (gitlab ? { id: n.id, body: n.body, author: { id: n.userId, username: n.login } } : { id: n.id, body: n.body, user: { login: n.login, id: n.userId, type: n.login.endsWith('[bot]') ? 'Bot' : 'User' } });
      const issueJson = (i: Issue) =>
        gitlab
          ? { iid: i.number, title: i.title, description: i.body, labels: i.labels, state: i.state === 'open' ? 'opened' : 'closed', author: { id: i.userId, username: i.login } }
          : { number: i.number, title: i.title, body: i.body, labels: i.labels.map((name) => ({ name })), state: i.state, user: { login: i.login, id: i.userId } };
      const p = url.pathname;
      let m: RegExpExecArray | null;

      if (p === '/user' || p === '/api/v4/user') {
        if (gitlab) return send(200, { id: me.id, username: me.login });
        // An installation token (Actions, an App) is refused /user.
        return me.kind === 'user' ? send(200, { login: me.login, id: me.id, type: 'User' }) : send(403, { message: 'Resource not accessible by integration' });
      }
      if (p === '/graphql' && method === 'POST') {
        if (!stub.graphql) return send(502, { message: 'Bad Gateway' });
        const query = String((await bodyOf(req)).query ?? '');
        if (!/viewer\s*\{\s*login\s*\}/.test(query)) return send(400, { message: `no stub for the query ${query}` });
        return send(200, { data: { viewer: { login: me.login } } });
      }
      if ((m = /^\/repos\/[^/]+\/[^/]+\/issues\/7\/comments$/.exec(p)) || (m = /^\/api\/v4\/projects\/42\/merge_requests\/7\/notes$/.exec(p))) {
        if (method === 'GET') {
          const { items, headers } = page(stub.notes);
          return send(200, items.map(noteJson), headers);
        }
        if (method === 'POST') {
          const note: Note = { id: nextId++, body: String((await bodyOf(req)).body), login: me.login, userId: me.id };
          stub.notes.push(note);
          return send(201, noteJson(note));
        }
      }
      if ((m = /^\/repos\/[^/]+\/[^/]+\/issues\/comments\/(\d+)$/.exec(p)) || (m = /^\/api\/v4\/projects\/42\/merge_requests\/7\/notes\/(\d+)$/.exec(p))) {
        const note = stub.notes.find((n) => n.id === Number(m![1]));
        if (!note) return send(404, { message: 'Not Found' });
        if ((gitlab && method === 'PUT') || (!gitlab && method === 'PATCH')) {
          if (note.userId !== me.id) return send(403, { message: 'not your comment' });
          note.body = String((await bodyOf(req)).body);
          return send(200, noteJson(note));
        }
      }
      if (/^\/repos\/[^/]+\/[^/]+\/issues$/.test(p) || p === '/api/v4/projects/42/issues') {
        if (method === 'GET') {
          const label = url.searchParams.get('labels');
          const state = url.searchParams.get('state');
          const wanted = gitlab ? (state === 'opened' ? 'open' : state) : state;
          const matching = stub.issues.filter((i) => (label === null || i.labels.includes(label)) && (wanted === null || wanted === 'all' || i.state === wanted));
          const { items, headers } = page(matching);
          return send(200, items.map(issueJson), headers);
        }
        if (method === 'POST') {
          const b = await bodyOf(req);
          const labels = gitlab ? String(b.labels ?? '').split(',').filter(Boolean) : ((b.labels as string[]) ?? []);
          const issue: Issue = { number: stub.issues.length + 1, title: String(b.title), body: String(gitlab ? b.description : b.body), labels, state: 'open', login: me.login, userId: me.id };
          stub.issues.push(issue);
          return send(201, issueJson(issue));
        }
      }
      if ((m = /^\/repos\/[^/]+\/[^/]+\/issues\/(\d+)$/.exec(p)) || (m = /^\/api\/v4\/projects\/42\/issues\/(\d+)$/.exec(p))) {
        const issue = stub.issues.find((i) => i.number === Number(m![1]));
        if (!issue) return send(404, { message: 'Not Found' });
        if ((gitlab && method === 'PUT') || (!gitlab && method === 'PATCH')) {
          const b = await bodyOf(req);
          const text = gitlab ? b.description : b.body;
          if (text !== undefined) issue.body = String(text);
          if (b.state === 'closed' || b.state_event === 'close') issue.state = 'closed';
          return send(200, issueJson(issue));
        }
      }
      return send(404, { message: `no stub route for ${method} ${p}` });
    })().catch((error: unknown) => {
      res.writeHead(500);
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  // The same object the server reads, so a test's change of a flag (graphql) takes effect.
  return Object.assign(stub, {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
