// A failed read of the service's lists never looks like an older service or a team (DESIGN 8 and
// 13): only a 404 or 405 on the FIRST page of the team list means "no list here" (the fallback
// to used_by discovery); a later page answering 404 is an error naming the route, exit 1, never an
// export of another set of teams. A team id of -42 in the list is refused like every echoed field,
// and the emulator refuses a page size outside 1-50 on every list route.
// The real CLI against the emulator, through a proxy (helpers/proxy.ts) that spoils the list.

import { join } from 'node:path';
import { afterEach, beforeAll, afterAll, describe, expect, it } from 'vitest';
import { generateFixture } from '../../src/emulator/index.js';
import { runEmctl } from '../helpers/cli.js';
import { startProxy, type ProxyHandler, type RecordingProxy } from '../helpers/proxy.js';
import { startService, tempDir, type TestService } from '../export/helpers.js';

let service: TestService;
let proxy: RecordingProxy | undefined;
beforeAll(async () => {
  // 60 teams and the service's own two: two pages of the team list.
  service = await startService(generateFixture({ repos: 12, teams: 60, boards: 4, seed: 11 }));
});
afterAll(() => service.close());
afterEach(async () => {
  await proxy?.close();
  proxy = undefined;
});

const notFound = { status: 404, headers: { 'content-type': 'application/json' }, body: Buffer.from('{"detail":"Not Found"}') };

async function exportThrough(handle: ProxyHandler) {
  proxy = await startProxy(service.emulator.url, handle);
  const path = join(tempDir('emctl-list-reads-'), 'emctl.yaml');
  const r = await runEmctl(['--base-url', proxy.url, '--rate-limit', '0', 'export', '--out', path], { env: { EMCTL_API_KEY: service.key } });
  return { r, proxy };
}

describe('the team list read by export', () => {
  it('page 2 answering 404 is an error naming the route, not an older service: exit 1', async () => {
    const { r, proxy: p } = await exportThrough((request) => (/^\/api\/v2\/teams\?.*offset=50\b/.test(request.url) ? request.reply(notFound) : request.pass()));
    expect(p.requests.some((q) => q.url.startsWith('/api/v2/teams') && q.outcome === 404)).toBe(true);
    expect(r.stderr).toContain('GET /api/v2/teams failed: 404');
    expect(r.stderr).not.toContain('does not list teams');
    expect(r.code).toBe(1);
  });

  it('the first page answering 404 is still an older service: the fallback, exit 0', async () => {
    const { r } = await exportThrough((request) => (request.url.startsWith('/api/v2/teams') ? request.reply(notFound) : request.pass()));
    expect(r.stderr).toContain('note: this service does not list teams (GET /api/v2/teams answered 404: an older service)');
    expect(r.code, r.stderr).toBe(0);
  });

  it('a team id of -42 is a shape error naming the route and the field: exit 1', async () => {
    const { r } = await exportThrough(async (request) => {
      if (!request.url.startsWith('/api/v2/teams')) return request.pass();
      const answer = await request.forward();
      const page = JSON.parse(answer.body.toString('utf8')) as { items: { id: number }[] };
      if (page.items[0] !== undefined) page.items[0].id = -42;
      const body = Buffer.from(JSON.stringify(page));
      request.reply({ ...answer, headers: { ...answer.headers, 'content-length': String(body.length) }, body });
    });
    expect(r.stderr).toContain('GET /api/v2/teams failed: the 200 answer does not have the documented shape: field items[0].id must be at least 1');
    expect(r.code).toBe(1);
  });
});

// DESIGN 13: page_size is 1 to 50 and offset at least 0 on every list route, the services' too.
describe('the emulator refuses a page size outside 1-50 on every list', () => {
  it.each(['/api/v2/teams', '/api/v1/users', '/api/v1/services'])('%s?page_size=0 and 51 and offset=-1 are 422 at their loc', async (route) => {
    for (const [query, field] of [['page_size=0', 'page_size'], ['page_size=51', 'page_size'], ['offset=-1', 'offset']]) {
      const r = await fetch(`${service.emulator.url}${route}?${query}`, { headers: { 'x-api-key': service.key } });
      expect([query, r.status]).toEqual([query, 422]);
      const body = (await r.json()) as { detail: { loc: string[] }[] };
      expect(body.detail.map((d) => d.loc.join('.'))).toEqual([`query.${field}`]);
    }
  });
});
