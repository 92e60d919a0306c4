// A tiny real HTTP server on port 0 whose answers a test scripts request by request.

import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SeenRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** When the request arrived: performance.now(), or the `now` the server was started with (a fake clock's). */
  at: number;
}

/** Answers one request; `n` counts from 1 over the server's life. */
export type Script = (req: SeenRequest, res: http.ServerResponse, n: number) => void | Promise<void>;

export interface ScriptedServer {
  url: string;
  seen: SeenRequest[];
  /** Resolves once `count` requests have arrived. */
  waitFor(count: number): Promise<void>;
  close(): Promise<void>;
}

export async function startScriptedServer(script: Script, now: () => number = () => performance.now()): Promise<ScriptedServer> {
  const seen: SeenRequest[] = [];
  const waiters: Array<{ count: number; resolve: () => void }> = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const entry: SeenRequest = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: now(),
      };
      seen.push(entry);
      for (const w of waiters.filter((w) => seen.length >= w.count)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
      void script(entry, res, seen.length);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    waitFor: (count) => (seen.length >= count ? Promise.resolve() : new Promise((resolve) => waiters.push({ count, resolve }))),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function json(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/**
 * The smallest 200 body of the documented shape for a request's route (the client checks every
 * answer's shape), for scripts that only care that a call succeeded.
 */
export function minimalBody(req: SeenRequest): unknown {
  const path = req.url.split('?')[0] ?? '';
  const id = Number(path.split('/').find((s) => /^\d+$/.test(s)) ?? 1);
  if (path === '/api/v1/integrations') return { items: [] };
  if (path === '/api/v1/git/config') return { settings: orgSettings() };
  if (/^\/api\/v1\/git\/repositories\/\d+\/config/.test(path)) return { repository_id: id, repository_name: `r${id}`, settings: repositorySettings() };
  if (path === '/api/v1/git/repositories') return req.method === 'GET' ? { total: 0, items: [] } : { applied: [], rejected: [] };
  if (path.startsWith('/api/v1/git/config/teams/')) return { team_id: id, team_name: `t${id}`, repositories: [], services: [] };
  if (/^\/api\/v1\/pm\/config\/teams\/\d+\/scope$/.test(path) && req.method === 'GET') {
    // One unscoped item per integration asked: a scope answer never leaves one out (echoed-fields.ts).
    const asked = new URLSearchParams(req.url.split('?')[1] ?? '').get('integration_ids');
    const items = (asked ? asked.split(',').map(Number) : []).map((integration_id) => ({ integration_id, provider: 'tracker_a', integration_name: `i${integration_id}`, scope: {}, methodology: 'Kanban' }));
    return { team_id: id, team_name: `t${id}`, items };
  }
  if (path.startsWith('/api/v1/pm/config/teams')) return { applied: [], rejected: [] };
  if (path.startsWith('/api/v2/pm/entities/')) return { total: 0, offset: 0, type: path.split('/')[5], integrations: [] };
  return {};
}

/** The eleven sections of an organization Git configuration answer, each with a plain value. */
export function orgSettings(): Record<string, unknown> {
  return {
    releases_detection: { method: 'tags', pattern: null },
    draft_pull_requests: { labels: [], title_pattern: null },
    default_branch: { branch_name: null },
    exclude_branches: { patterns: [] },
    exclude_base_branches: { patterns: [] },
    exclude_file_extensions: { patterns: [] },
    include_file_extensions: { patterns: [] },
    active_branches_duration: { days: 14 },
    coding_time_strategy: { method: 'first_commit' },
    issue_start_time: { method: 'first_transition' },
    bot_pr_attribution: { method: 'none' },
  };
}

/** The seven sections of a repository configuration answer, each following the default. */
export function repositorySettings(): Record<string, unknown> {
  const org = orgSettings();
  const sections = ['releases_detection', 'draft_pull_requests', 'default_branch', 'exclude_branches', 'exclude_base_branches', 'exclude_file_extensions', 'coding_time_strategy'];
  return Object.fromEntries(sections.map((s) => [s, { value: org[s], source: 'global' }]));
}
