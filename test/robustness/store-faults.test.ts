// The history stores under bad luck (issue 32 items 4 and 5, DESIGN 8): every wait is bounded and
// ends with an error naming the store, a transaction is whole or absent, `--from` reads a file it
// may not write, and a damaged or unreadable store is refused before anything is written to it.

import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { runEmctl } from '../helpers/cli.js';
import { acmeFixture, against, apiRequests, startTestEmulator, tempDir } from '../helpers/emulator.js';
import { PG_URL, postgresStore, sqliteStore } from '../measure/store/engines.js';

const BIN = resolve(import.meta.dirname, '../../dist/cli/bin.js');
const RUN = ['measurements', '--metric', 'pr.merged', '--group-by', 'repository', '--repository', 'acme/api,acme/web', '--roll-up', '1w', '--last', '8w'];

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startTestEmulator(await acmeFixture());
});
afterAll(async () => {
  await emulator.close();
});

const sha1 = (path: string) => createHash('sha1').update(readFileSync(path)).digest('hex');
const measurementCalls = async () => (await apiRequests(emulator.url)).filter((r) => r.path.includes('/measurements')).length;

async function write(target: string, cwd: string) {
  const a = against(emulator);
  return runEmctl([...a.args, ...RUN, '--out', target], { env: a.env, cwd });
}

describe('SQLite', () => {
  it('a writer leaves the file readable without writing beside it: rollback-journal mode, no -wal or -shm left', async () => {
    const store = await sqliteStore();
    const dir = store.target.slice('sqlite:'.length).replace(/\/[^/]+$/, '');
    const r = await write(store.target, dir);
    expect(r.code, r.stderr).toBe(0);
    expect(readdirSync(dir).filter((f) => f.includes('-wal') || f.includes('-shm'))).toEqual([]);
    const db = new Database(store.target.slice('sqlite:'.length), { readonly: true });
    expect(db.pragma('journal_mode', { simple: true })).toBe('delete');
    db.close();
  });

  it('--from reads a file in a directory the reader cannot write', async (context) => {
    const dir = await tempDir('emctl-ro-');
    const path = join(dir, 'history.db');
    expect((await write(`sqlite:${path}`, dir)).code).toBe(0);
    chmodSync(path, 0o444);
    chmodSync(dir, 0o555);
    const args = [BIN, 'measurements', '--from', `sqlite:${path}`, '--format', 'csv'];
    let output: string;
    try {
      if (process.getuid?.() === 0) {
        // root writes anywhere: read as an unprivileged user where one can run this checkout.
        try {
          execFileSync('runuser', ['-u', 'nobody', '--', 'test', '-r', BIN]);
        } catch {
          context.skip('running as root, and user nobody cannot read this checkout: the read-only case needs an unprivileged user');
        }
        output = execFileSync('runuser', ['-u', 'nobody', '--', process.execPath, ...args], { cwd: '/', encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
      } else {
        output = execFileSync(process.execPath, args, { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
      }
    } finally {
      chmodSync(dir, 0o755);
    }
    expect(output.split('\n')[0]).toBe('after,before,repository_id,repository_name,pr.merged');
  });

  it('a damaged file is refused before any request, exit 1, and left as it was', async () => {
    const dir = await tempDir('emctl-corrupt-');
    const path = join(dir, 'history.db');
    expect((await write(`sqlite:${path}`, dir)).code).toBe(0);
    // Pages of the table's b-tree overwritten: quick_check finds them.
    const bytes = readFileSync(path);
    bytes.fill(0xff, 4096, Math.min(bytes.length, 4096 * 3));
    writeFileSync(path, bytes);
    const before = sha1(path);
    const calls = await measurementCalls();
    const r = await write(`sqlite:${path}`, dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/sqlite:\S*history\.db.*(is damaged|damaged or not a database); nothing was written to it/);
    expect(sha1(path)).toBe(before);
    expect(await measurementCalls()).toBe(calls);
  });

  it('emctl_meta without its schema_version row is named as such, not "table already exists"', async () => {
    const dir = await tempDir('emctl-meta-');
    const path = join(dir, 'history.db');
    expect((await write(`sqlite:${path}`, dir)).code).toBe(0);
    const db = new Database(path);
    db.exec("DELETE FROM emctl_meta WHERE key = 'schema_version'");
    db.close();
    const r = await write(`sqlite:${path}`, dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('has emctl_measurements but emctl_meta holds no schema_version row');
    expect(r.stderr).not.toContain('already exists');
    const from = await runEmctl(['measurements', '--from', `sqlite:${path}`], { cwd: dir });
    expect(from.code).toBe(1);
    expect(from.stderr).toContain('holds no schema_version row');
  });
});

/** A TCP server that accepts connections and never answers: a stopped server, as a client sees it. */
async function silentServer(): Promise<{ port: number; server: Server; sockets: Socket[] }> {
  const sockets: Socket[] = [];
  const server = createServer((socket) => sockets.push(socket));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return { port: (server.address() as { port: number }).port, server, sockets };
}

describe('PostgreSQL', () => {
  it('a server that never answers ends the run at the connect bound, naming the store', async () => {
    const silent = await silentServer();
    try {
      const dir = await tempDir('emctl-pg-silent-');
      const target = `postgres://emctl:secret-pw@127.0.0.1:${silent.port}/history?connect_timeout=1`;
      const r = await write(target, dir);
      expect(r.code).toBe(1);
      expect(r.stderr).toContain(`postgres://emctl:***@127.0.0.1:${silent.port}/history`);
      expect(r.stderr).toContain('no connection within 1 s');
      expect(r.stderr).not.toContain('secret-pw');
    } finally {
      for (const s of silent.sockets) s.destroy();
      silent.server.close();
    }
  });

  it.skipIf(PG_URL === undefined)('a table locked by another session ends the run at lock_timeout; nothing is written', async () => {
    const store = await postgresStore();
    const dir = await tempDir('emctl-pg-lock-');
    try {
      expect((await write(store.target, dir)).code).toBe(0);
      const before = await store.rows();
      const holder = new pg.Client({ connectionString: store.target });
      await holder.connect();
      try {
        await holder.query('BEGIN');
        await holder.query('LOCK TABLE emctl_measurements IN ACCESS EXCLUSIVE MODE');
        const r = await write(`${store.target}?lock_timeout=1000`, dir);
        expect(r.code).toBe(1);
        expect(r.stderr).toContain('was not released within 1 s (lock_timeout); nothing was written');
      } finally {
        await holder.query('ROLLBACK').catch(() => {});
        await holder.end();
      }
      expect(await store.rows()).toEqual(before);
    } finally {
      await store.drop();
    }
  });

  it.skipIf(PG_URL === undefined)('a server that stops answering mid-transaction ends the run at the query bound; nothing is written', async () => {
    const store = await postgresStore();
    const dir = await tempDir('emctl-pg-freeze-');
    const real = new URL(store.target);
    // A relay to the real server that stops passing bytes once the run's first INSERT went through.
    let frozen = false;
    const pairs: Socket[] = [];
    const relay = createServer((client) => {
      const server = connect(Number(real.port), real.hostname);
      pairs.push(client, server);
      client.on('data', (chunk) => {
        if (frozen) return;
        server.write(chunk);
        if (chunk.includes('INSERT')) frozen = true;
      });
      server.on('data', (chunk) => {
        if (!frozen) client.write(chunk);
      });
      client.on('error', () => server.destroy());
      server.on('error', () => client.destroy());
    });
    await new Promise<void>((r) => relay.listen(0, '127.0.0.1', () => r()));
    try {
      const through = new URL(store.target);
      through.port = String((relay.address() as { port: number }).port);
      through.searchParams.set('query_timeout', '2000');
      const r = await write(through.toString(), dir);
      expect(frozen).toBe(true);
      expect(r.code).toBe(1);
      expect(r.stderr).toContain('the server stopped answering (no answer within 2 s); nothing was written');
      for (const s of pairs) s.destroy();
      // The server rolls back the transaction it saw cut: no row of the run is there.
      const tables = await store.query("SELECT to_regclass('emctl_measurements') AS t");
      if (tables[0]?.t !== null) {
        for (let i = 0; i < 50 && (await store.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()'))[0]?.n !== 0; i++) {
          await new Promise((done) => setTimeout(done, 100));
        }
        expect(await store.query('SELECT count(*)::int AS n FROM emctl_measurements')).toEqual([{ n: 0 }]);
      }
    } finally {
      relay.close();
      for (const s of pairs) s.destroy();
      await store.drop();
    }
  });
});
