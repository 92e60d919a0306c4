// Error bodies of the spec parsed into ApiError, partial success returned, and the key never
// showing in anything derived from a response, even from a server that echoes it back.

import { inspect } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { EmClient } from '../../src/api/client.js';
import { type ResponseLog } from '../../src/api/client-options.js';
import { ApiError, parseErrorBody, type ApiErrorBody } from '../../src/api/errors.js';
import { exitCodeFor } from '../../src/cli/exit.js';
import { json, startScriptedServer, type Script, type ScriptedServer } from './helpers/scripted-server.js';

const KEY = 'sk-live-7d3f9a2b';
let server: ScriptedServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function failWith(script: Script, logs?: ResponseLog[]): Promise<ApiError> {
  server = await startScriptedServer(script);
  const client = new EmClient({ baseUrl: server.url, apiKey: KEY, rateLimit: 0, maxTries: 1, ...(logs ? { onResponse: (l: ResponseLog) => logs.push(l) } : {}) });
  const error = await client.setMonitoring([{ id: 1, state: 'monitored' }]).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

const shapes: Array<[string, number, unknown, ApiErrorBody, string | RegExp]> = [
  [
    'nothing applied: {applied, rejected}',
    400,
    { applied: [], rejected: [{ id: 1, state: 'monitored', code: 'repository_not_found', message: 'repository 1 not found' }] },
    { shape: 'items', applied: [], rejected: [{ id: 1, state: 'monitored', code: 'repository_not_found', message: 'repository 1 not found' }] },
    'PATCH /api/v1/git/repositories failed: 400 repository 1 not found',
  ],
  [
    'refused: {detail: string}',
    403,
    { detail: 'repository quota exceeded' },
    { shape: 'detail', detail: 'repository quota exceeded' },
    'PATCH /api/v1/git/repositories failed: 403 repository quota exceeded',
  ],
  [
    'invalid: {detail: [{type, loc, msg}]}',
    422,
    { detail: [{ type: 'missing', loc: ['body', 'repositories', 0, 'state'], msg: 'Field required' }] },
    { shape: 'validation', detail: [{ type: 'missing', loc: ['body', 'repositories', 0, 'state'], msg: 'Field required' }] },
    'PATCH /api/v1/git/repositories failed: 422 body.repositories.0.state: Field required',
  ],
  // A wrong base URL: the page is not pasted, the base URL to check is named.
  ['not JSON', 404, '<html>Not Found</html>', { shape: 'none', text: '<html>Not Found</html>' }, /^PATCH \/api\/v1\/git\/repositories failed: 404; the answer is not JSON \(an HTML page\): is http:\/\/127\.0\.0\.1:\d+ the service's base URL\? check --base-url or EMCTL_BASE_URL$/],
  ['a bare 404', 404, { detail: 'Not Found' }, { shape: 'detail', detail: 'Not Found' }, /^PATCH \/api\/v1\/git\/repositories failed: 404; no such route: is http:\/\/127\.0\.0\.1:\d+ the service's base URL\?/],
  ['JSON of another shape', 409, { error: 'conflict' }, { shape: 'none', text: '{"error":"conflict"}' }, 'PATCH /api/v1/git/repositories failed: 409 {"error":"conflict"}'],
];

describe('error bodies', () => {
  it.each(shapes)('%s', async (_name, status, body, expectedBody, expectedMessage) => {
    const error = await failWith((_q, res) => (typeof body === 'string' ? void res.writeHead(status).end(body) : json(res, status, body)));
    expect(error.status).toBe(status);
    expect(error.route).toBe('PATCH /api/v1/git/repositories');
    expect(error.body).toEqual(expectedBody);
    if (typeof expectedMessage === 'string') expect(error.message).toBe(expectedMessage);
    else expect(error.message).toMatch(expectedMessage);
    expect(error.kind).toBe('api');
    expect(exitCodeFor(error)).toBe(1);
  });

  it('lists each rejected item as a detail line, and counts the rest in the message', async () => {
    const error = await failWith((_q, res) =>
      json(res, 400, {
        applied: [],
        rejected: [
          { team_id: 42, integration_id: 10, status: 400, code: 'invalid_scope', message: 'board 101 named twice' },
          { team_id: 43, integration_id: 10, status: 404, code: 'team_not_found', message: 'team 43 not found' },
        ],
      }),
    );
    expect(error.message).toBe('PATCH /api/v1/git/repositories failed: 400 board 101 named twice (and 1 more rejected)');
    expect(error.details).toEqual(['team_id=42 integration_id=10: invalid_scope: board 101 named twice', 'team_id=43 integration_id=10: team_not_found: team 43 not found']);
  });

  it.each([
    ['20 validation items: all listed', 422, { detail: Array.from({ length: 20 }, (_, i) => ({ type: 'missing', loc: ['body', 'repositories', i, 'state'], msg: 'Field required' })) }, 20, undefined],
    ['100,000 validation items: 20 listed, the rest counted', 422, { detail: Array.from({ length: 100_000 }, (_, i) => ({ type: 'missing', loc: ['body', 'repositories', i, 'state'], msg: 'Field required' })) }, 21, '... and 99980 more problems (not shown)'],
    ['5,000 rejected items: 20 listed, the rest counted', 400, { applied: [], rejected: Array.from({ length: 5000 }, (_, i) => ({ id: i + 1, state: 'monitored', code: 'repository_not_found', message: `repository ${i + 1} not found` })) }, 21, '... and 4980 more rejected (not shown)'],
    ['one 1 MB message: cut', 422, { detail: [{ type: 'x', loc: ['body'], msg: 'm'.repeat(1 << 20) }, { type: 'y', loc: ['body'], msg: 'short' }] }, 2, undefined],
  ])('a long list of details from the service is cut in the message: %s', async (_name, status, body, lines, last) => {
    const error = await failWith((_q, res) => json(res, status, body));
    expect(error.details.length).toBe(lines);
    if (last !== undefined) expect(error.details.at(-1)).toBe(last);
    expect(error.message.length).toBeLessThan(400);
    expect(error.details.every((line) => line.length <= 310)).toBe(true);
    // The whole list stays in the error's body for callers that handle items.
    expect(error.body.shape === 'validation' ? error.body.detail.length : error.body.shape === 'items' ? error.body.rejected.length : 0).toBe((body as { detail?: unknown[]; rejected?: unknown[] }).detail?.length ?? (body as { rejected: unknown[] }).rejected.length);
  });

  it.each([
    ['{"detail":"x"}', { shape: 'detail', detail: 'x' }],
    ['{"applied":[{"id":1}],"rejected":[{"id":2}]}', { shape: 'items', applied: [{ id: 1 }], rejected: [{ id: 2, code: 'unknown', message: '' }] }],
    ['{"detail":[{"loc":"oops","msg":"bad"}]}', { shape: 'validation', detail: [{ type: '', loc: [], msg: 'bad' }] }],
    ['', { shape: 'none', text: '' }],
    ['[1,2]', { shape: 'none', text: '[1,2]' }],
  ])('parseErrorBody(%j)', (text, expected) => {
    expect(parseErrorBody(text)).toEqual(expected);
  });

  it.each([
    [401, { detail: 'Unauthorized: invalid API key' }, true],
    [403, { detail: 'Forbidden: invalid API key' }, true],
    [403, { detail: 'Not authenticated: missing x-api-key header' }, true],
    [403, { detail: 'repository quota exceeded' }, false],
  ])('explains where the key comes from on %i %j: %s', async (status, body, hinted) => {
    const error = await failWith((_q, res) => json(res, status, body));
    expect(error.details.includes('the service refused the API key: check EMCTL_API_KEY or the file given to --api-key-file')).toBe(hinted);
  });
});

describe('partial success', () => {
  it('returns a 200 with rejected entries instead of throwing', async () => {
    const answer = { applied: [{ id: 1, state: 'monitored' }], rejected: [{ id: 2, state: 'monitored', code: 'repository_not_found', message: 'no repo 2' }] };
    server = await startScriptedServer((_q, res) => json(res, 200, answer));
    const client = new EmClient({ baseUrl: server.url, apiKey: KEY, rateLimit: 0 });
    await expect(client.setMonitoring([{ id: 1, state: 'monitored' }, { id: 2, state: 'monitored' }])).resolves.toEqual(answer);
  });

  it('refuses a 200 whose body is not JSON, naming the base URL to check', async () => {
    const error = await failWith((_q, res) => void res.writeHead(200).end('all good'));
    expect(error.message).toBe(`PATCH /api/v1/git/repositories failed: 200; the answer is not JSON (plain text): is ${server!.url} the service's base URL? check --base-url or EMCTL_BASE_URL`);
  });

  it('refuses a 200 HTML page (a proxy or web app at a wrong base URL) without pasting it', async () => {
    const page = `<!doctype html>\n<html><head><title>My App</title></head>\n<body>${'<div>x</div>\n'.repeat(200)}</body></html>`;
    const error = await failWith((_q, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end(page));
    expect(error.message).toBe(`PATCH /api/v1/git/repositories failed: 200; the answer is not JSON (an HTML page): is ${server!.url} the service's base URL? check --base-url or EMCTL_BASE_URL`);
    expect(error.message).not.toContain('<');
    expect(error.message).not.toContain('\n');
  });
});

describe('the key never leaks', () => {
  /** A server that puts the key it received everywhere it can. */
  const echoes: Array<[string, Script]> = [
    ['detail', (q, res) => json(res, 403, { detail: `invalid key ${String(q.headers['x-api-key'])}` })],
    ['validation', (q, res) => json(res, 422, { detail: [{ type: 'x', loc: ['header', String(q.headers['x-api-key'])], msg: `bad ${String(q.headers['x-api-key'])}` }] })],
    ['rejected items', (q, res) => json(res, 400, { applied: [], rejected: [{ id: 1, code: 'write_failed', message: `key ${String(q.headers['x-api-key'])}`, [String(q.headers['x-api-key'])]: 1 }] })],
    ['plain text', (q, res) => void res.writeHead(401).end(`no access for ${String(q.headers['x-api-key'])}`)],
    ['escaped in JSON', (q, res) => void res.writeHead(403, { 'content-type': 'application/json' }).end(`{"detail":"${[...String(q.headers['x-api-key'])].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')}"}`)],
  ];

  it.each(echoes)('from an echoed key in %s', async (_name, script) => {
    const logs: ResponseLog[] = [];
    const error = await failWith(script, logs);
    expect(server!.seen[0]!.headers['x-api-key']).toBe(KEY); // the key was sent, and echoed
    const everything = [error.message, ...error.details, JSON.stringify(error.body), inspect(error, { depth: 10 }), String(error.stack), JSON.stringify(logs)].join('\n');
    expect(everything).not.toContain(KEY);
    expect(everything).toContain('[REDACTED]');
  });

  /** A 200 with rejected entries and names that echo the key, plainly and JSON-escaped. */
  const echoingSuccess: Script = (q, res) => {
    const key = String(q.headers['x-api-key']);
    const escaped = [...key].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
    const rejected = (id: number, message: string) => `{"id":${id},"state":"monitored","code":"write_failed","message":${message}}`;
    const body = `{"applied":[{"id":1,"state":"monitored"}],"rejected":[${rejected(2, JSON.stringify(`key ${key}`))},${rejected(3, `"key ${escaped}"`)}],${JSON.stringify(key)}:true}`;
    void res.writeHead(200, { 'content-type': 'application/json' }).end(body);
  };

  // A success body is data (DESIGN 8): a key inside it is taken out where emctl prints or writes
  // (the output redactor, test/robustness/key-in-data.test.ts), never out of what a plan is built from.
  it.each([
    ['a plain key', KEY],
    ['a key JSON escapes', 'k"e\\y/with quote'],
  ])('a key echoed in a successful answer is kept as data (%s)', async (_name, apiKey) => {
    server = await startScriptedServer(echoingSuccess);
    const client = new EmClient({ baseUrl: server.url, apiKey, rateLimit: 0, maxTries: 1 });
    const answer = await client.setMonitoring([{ id: 1, state: 'monitored' }, { id: 2, state: 'monitored' }, { id: 3, state: 'monitored' }]);
    expect(answer.rejected.map((r) => r.message)).toEqual([`key ${apiKey}`, `key ${apiKey}`]);
    expect(answer.applied).toEqual([{ id: 1, state: 'monitored' }]);
    expect(Object.keys(answer)).toContain(apiKey);
  });

  it('from a short key a rejected entry uses as a field name: detail lines print only the fields an entry is identified by', async () => {
    const apiKey = 'k3y9';
    server = await startScriptedServer((q, res) =>
      json(res, 400, { applied: [], rejected: [{ id: 1, state: 'monitored', code: 'write_failed', message: 'no', [String(q.headers['x-api-key'])]: 'echoed', other: 'x' }] }),
    );
    const client = new EmClient({ baseUrl: server.url, apiKey, rateLimit: 0, maxTries: 1 });
    const error = (await client.setMonitoring([{ id: 1, state: 'monitored' }]).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.details).toEqual(['id=1 state=monitored: write_failed: no']);
    expect([error.message, ...error.details].join('\n')).not.toContain(apiKey);
  });

  it.each([
    ['detail', (_q, res) => json(res, 403, { detail: 'invalid API key' })] as [string, Script],
    ['plain text', (_q, res) => void res.writeHead(500).end('upstream timeout')] as [string, Script],
  ])('a one-letter key (e, a) keeps the answer whole in a %s body: field names stay, values are redacted', async (_name, script) => {
    server = await startScriptedServer(script);
    for (const apiKey of ['e', 'a']) {
      const client = new EmClient({ baseUrl: server.url, apiKey, rateLimit: 0, maxTries: 1 });
      const error = await client.listIntegrations().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      const body = (error as ApiError).body;
      // The structure is intact (the message is not lost, nothing reads a renamed field) ...
      expect(body.shape === 'detail' ? body.detail : body.shape === 'none' ? body.text : undefined).toMatch(/\[REDACTED\]/);
      // ... and the key's letter is gone from every value.
      expect((error as ApiError).message.split('failed:')[1]).not.toContain(apiKey);
    }
  });
});
