// connect(): where the key comes from, which URLs are refused, the in-process emulator, and the
// -v request log, over real HTTP.

import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EmClient } from '../../src/api/client.js';
import { isLoopback } from '../../src/api/loopback.js';
import { connect, type Connection } from '../../src/workflows/connect.js';
import type { WorkflowIO } from '../../src/workflows/io.js';
import type { GlobalOptions } from '../../src/workflows/options.js';
import { EmctlError } from '../../src/contract/errors.js';
import { exitCodeFor } from '../../src/cli/exit.js';
import { runEmctl } from '../helpers/cli.js';
import { json, startScriptedServer, type ScriptedServer } from '../api/helpers/scripted-server.js';

const KEY = 'em-key-0a1b2c3d';
let server: ScriptedServer | undefined;
let connection: Connection | undefined;

afterEach(async () => {
  await connection?.close();
  await server?.close();
  connection = undefined;
  server = undefined;
});

function globals(overrides: Partial<GlobalOptions> = {}): GlobalOptions {
  return { concurrency: 8, rateLimit: 60, color: false, verbose: false, insecureHttp: false, ...overrides };
}

function cliIO(env: Record<string, string | undefined> = {}, cwd = process.cwd()): WorkflowIO & { err: () => string } {
  let stderr = '';
  return {
    stdout: { write: () => true },
    stderr: { write: (s: string) => (stderr += s) },
    stdin: {},
    env,
    cwd,
    err: () => stderr,
  };
}

async function echoServer(): Promise<ScriptedServer> {
  server = await startScriptedServer((req, res) => json(res, 200, { items: [], key: req.headers['x-api-key'] ?? null }));
  return server;
}

async function refusal(promise: Promise<unknown>): Promise<EmctlError> {
  const error = await promise.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(EmctlError);
  expect((error as EmctlError).kind).toBe('config');
  expect(exitCodeFor(error)).toBe(1);
  return error as EmctlError;
}

describe('the API key', () => {
  it('comes from EMCTL_API_KEY, trimmed', async () => {
    const s = await echoServer();
    connection = await connect(globals({ baseUrl: s.url }), cliIO({ EMCTL_API_KEY: `  ${KEY}\n` }));
    await connection.client.listIntegrations();
    expect(s.seen[0]!.headers['x-api-key']).toBe(KEY);
  });

  it('comes from --api-key-file (relative to the working directory), trimmed, before the env', async () => {
    const s = await echoServer();
    const dir = await mkdtemp(join(tmpdir(), 'emctl-key-'));
    await writeFile(join(dir, 'key.txt'), `${KEY}\n`);
    connection = await connect(globals({ baseUrl: s.url, apiKeyFile: 'key.txt' }), cliIO({ EMCTL_API_KEY: 'other' }, dir));
    await connection.client.listIntegrations();
    expect(s.seen[0]!.headers['x-api-key']).toBe(KEY);
  });

  it('is required, and the error says how to give it', async () => {
    const error = await refusal(connect(globals({ baseUrl: 'https://em.example.com' }), cliIO({})));
    expect(error.message).toBe('no API key: set EMCTL_API_KEY or pass --api-key-file PATH (a key is never read from a flag value or the config file)');
  });

  it('is optional with needKey: false, and then no header is sent', async () => {
    const s = await echoServer();
    connection = await connect(globals({ baseUrl: s.url }), cliIO({}), { needKey: false });
    await connection.client.listIntegrations();
    expect(s.seen[0]!.headers['x-api-key']).toBeUndefined();
  });

  it.each([
    ['a missing file', 'nope.txt', 'cannot read the file given to --api-key-file (no such file; the name is not shown, in case it is the key itself)'],
    ['the key itself given as the file name', KEY, 'cannot read the file given to --api-key-file (no such file; the name is not shown, in case it is the key itself)'],
    ['an empty file', 'empty.txt', 'the file given to --api-key-file is empty'],
    ['a file of two lines', 'two.txt', 'the file given to --api-key-file holds an API key with spaces, line breaks or non-ASCII characters; it must be the key alone'],
    ['a device', '/dev/zero', 'the file given to --api-key-file holds more than 65536 bytes; it must hold the key alone'],
  ])('refuses %s', async (_name, file, message) => {
    const dir = await mkdtemp(join(tmpdir(), 'emctl-key-'));
    await writeFile(join(dir, 'empty.txt'), '\n  \n');
    await writeFile(join(dir, 'two.txt'), `${KEY}\nsecond line\n`);
    const error = await refusal(connect(globals({ baseUrl: 'https://em.example.com', apiKeyFile: file }), cliIO({}, dir)));
    expect(error.message).toBe(message);
    expect(error.message).not.toContain(KEY);
  });
});

describe('the base URL', () => {
  it('is required unless --emulator is given', async () => {
    const error = await refusal(connect(globals(), cliIO({ EMCTL_API_KEY: KEY })));
    expect(error.message).toContain('no service URL: pass --base-url URL or set EMCTL_BASE_URL');
  });

  it('refuses http:// to a remote host', async () => {
    const error = await refusal(connect(globals({ baseUrl: 'http://em.example.com/api' }), cliIO({ EMCTL_API_KEY: KEY })));
    expect(error.message).toBe('refusing to send the API key in cleartext to em.example.com: use https://, or pass --insecure-http if you really mean http:// to a remote host');
    expect(error.message).not.toContain(KEY);
  });

  it.each([
    ['a name under .localhost', 'http://api.localhost:8080', 'api.localhost:8080'],
    ['an IPv4-mapped address outside 127/8', 'http://[::ffff:10.0.0.1]:8080', '[::ffff:a00:1]:8080'],
  ])('refuses http:// to %s', async (_name, url, host) => {
    const error = await refusal(connect(globals({ baseUrl: url }), cliIO({ EMCTL_API_KEY: KEY })));
    expect(error.message).toContain(`refusing to send the API key in cleartext to ${host}`);
  });

  it('takes http:// to 127.0.0.1 written as an IPv4-mapped IPv6 address', async () => {
    connection = await connect(globals({ baseUrl: 'http://[::ffff:127.0.0.1]:9' }), cliIO({ EMCTL_API_KEY: KEY }));
    expect(connection.baseUrl).toBe('http://[::ffff:7f00:1]:9');
  });

  it('allows http:// to a remote host with --insecure-http', async () => {
    connection = await connect(globals({ baseUrl: 'http://em.example.com/api/', insecureHttp: true }), cliIO({ EMCTL_API_KEY: KEY }));
    expect(connection.baseUrl).toBe('http://em.example.com/api');
  });

  it.each([
    // DESIGN 9: connection errors say what to do.
    ['a host without a scheme', 'em.example.com', '--base-url needs a scheme: did you mean https://em.example.com? (https:// for a remote service, http:// for one on this machine)'],
    ['a local host and port without a scheme', 'localhost:8080', '--base-url needs a scheme: did you mean http://localhost:8080? (https:// for a remote service, http:// for one on this machine)'],
    ['a base URL ending in /api/v1', 'https://em.example.com/api/v1', "--base-url is the service's root, without /api/v1: use https://em.example.com"],
    ['a base URL ending in /api/v2/ under a prefix', 'https://gw.example.com/em/api/v2/', "--base-url is the service's root, without /api/v2: use https://gw.example.com/em"],
    ['not a URL', 'https://exa mple.com', '--base-url is not a valid URL: "https://exa mple.com"'],
    ['another scheme', 'ftp://em.example.com', '--base-url must start with https:// (or http:// for a local service), got "ftp://"'],
    ['credentials in the URL', 'https://me:pw@em.example.com', '--base-url must not carry credentials; the API key goes in EMCTL_API_KEY or --api-key-file'],
  ])('refuses %s', async (_name, url, message) => {
    const error = await refusal(connect(globals({ baseUrl: url }), cliIO({ EMCTL_API_KEY: KEY })));
    expect(error.message).toBe(message);
  });

  it.each([
    ['localhost', true],
    ['127.0.0.1', true],
    ['127.10.0.3', true],
    ['[::1]', true],
    ['api.localhost', false],
    ['[::ffff:127.0.0.1]', true],
    ['[::ffff:7f00:1]', true],
    ['[::ffff:a00:1]', false],
    ['::ffff:10.0.0.1', false],
    ['10.0.0.1', false],
    ['localhost.example.com', false],
    ['128.0.0.1', false],
    ['::2', false],
  ])('loopback(%s) = %s', (host, expected) => {
    expect(isLoopback(host)).toBe(expected);
  });
});

describe('-v', () => {
  it('logs each request as METHOD path status ms on stderr, never the key', async () => {
    const s = await echoServer();
    const io = cliIO({ EMCTL_API_KEY: KEY });
    connection = await connect(globals({ baseUrl: s.url, verbose: true }), io);
    await connection.client.listIntegrations({ type: 'pm' });
    // A path that carries the key (a careless caller) is redacted in the log too.
    await connection.client.send({ method: 'GET', path: `/api/v1/integrations?token=${KEY}`, route: 'GET /api/v1/integrations' });
    const lines = io.err().trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^GET \/api\/v1\/integrations\?type=pm 200 \d+ms$/);
    expect(lines[1]).toMatch(/^GET \/api\/v1\/integrations\?token=\[REDACTED\] 200 \d+ms$/);
    expect(io.err()).not.toContain(KEY);
  });

  it('logs nothing without -v', async () => {
    const s = await echoServer();
    const io = cliIO({ EMCTL_API_KEY: KEY });
    connection = await connect(globals({ baseUrl: s.url }), io);
    await connection.client.listIntegrations();
    expect(io.err()).toBe('');
  });
});

describe('--emulator', () => {
  it('"default" starts the bundled example on loopback and uses its key, ignoring any base URL', async () => {
    connection = await connect(globals({ emulator: 'default', baseUrl: 'https://em.example.com' }), cliIO({}));
    expect(connection.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(connection.emulator?.url).toBe(connection.baseUrl);
    const integrations = await connection.client.listIntegrations();
    expect(integrations.items.length).toBeGreaterThan(0);
  });

  it('stops the emulator on close', async () => {
    connection = await connect(globals({ emulator: 'default' }), cliIO({}));
    const { baseUrl } = connection;
    await connection.close();
    const probe = new EmClient({ baseUrl, apiKey: 'dev-key', maxTries: 1, rateLimit: 0 });
    await expect(probe.listIntegrations()).rejects.toThrow(
      `GET /api/v1/integrations failed: could not reach the service at ${baseUrl}/ (connection refused); is it running? check --base-url or EMCTL_BASE_URL`,
    );
  });

  it('takes a fixture path relative to the working directory', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'emctl-fixture-'));
    const fixture = { organization: { id: 1, name: 'Tiny' }, api_keys: ['tiny-key'], integrations: [{ id: 5, type: 'git', provider: 'host_a', name: 'Code', state: 'ok', auth_type: 'app' }] };
    await writeFile(join(dir, 'tiny.json'), JSON.stringify(fixture));
    connection = await connect(globals({ emulator: 'tiny.json' }), cliIO({}, dir));
    expect((await connection.client.listIntegrations()).items.map((i) => i.name)).toEqual(['Code']);
  });

  it('refuses a fixture file that does not exist', async () => {
    const error = await refusal(connect(globals({ emulator: 'no-such-fixture.yaml' }), cliIO({})));
    expect(error.message).toContain('no-such-fixture.yaml');
  });
});

describe('through the CLI', () => {
  async function minimalConfig(): Promise<string> {
    const dir = await mkdtemp(join(tmpdir(), 'emctl-cfg-'));
    await writeFile(join(dir, 'emctl.yaml'), 'version: 1\n');
    return dir;
  }

  it('-v with --emulator default logs requests on stderr, never the key', async () => {
    const cwd = await minimalConfig();
    const result = await runEmctl(['-v', '--emulator', 'default', 'plan'], { cwd, env: { EMCTL_API_KEY: 'not-this-one' } });
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/^GET \/api\/v1\/integrations 200 \d+ms$/m);
    expect(result.stdout + result.stderr).not.toContain('dev-key');
  });

  it('apply of a plan file that does not exist: how to make it, no raw ENOENT, nothing read', async () => {
    const cwd = await minimalConfig();
    const result = await runEmctl(['apply', 'plan.json'], { cwd, env: { EMCTL_API_KEY: KEY } });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('Error: cannot read the plan file plan.json: no such file or directory; make it with "emctl plan --out plan.json"\n');
  });

  it('https:// to a plain-HTTP server: one try, what to do, no OpenSSL text', async () => {
    const s = await echoServer();
    const cwd = await minimalConfig();
    const url = s.url.replace(/^http:/, 'https:');
    const result = await runEmctl(['plan', '--base-url', url], { cwd, env: { EMCTL_API_KEY: KEY } });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`could not reach the service at ${url}/ (TLS handshake failed: the server answered in plain HTTP, not HTTPS); it serves http://, not https://: use http:// in --base-url`);
    expect(result.stderr).not.toMatch(/SSL routines|openssl|tries/i);
    expect(s.seen).toHaveLength(0);
  });

  it.each([
    ['no key', ['plan', '--base-url', 'https://em.example.com'], {}, 'Error: no API key: set EMCTL_API_KEY or pass --api-key-file PATH'],
    ['no URL', ['plan'], { EMCTL_API_KEY: KEY }, 'Error: no service URL: pass --base-url URL or set EMCTL_BASE_URL'],
    ['http to a remote host', ['plan', '--base-url', 'http://em.example.com'], { EMCTL_API_KEY: KEY }, 'Error: refusing to send the API key in cleartext to em.example.com'],
  ])('exits 1 with %s', async (_name, args, env, message) => {
    const cwd = await minimalConfig();
    const result = await runEmctl(args, { cwd, env });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(message);
    expect(result.stderr).not.toContain(KEY);
  });
});
