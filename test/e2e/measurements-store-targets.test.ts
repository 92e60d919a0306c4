// Where the rows go: a report's `out: sqlite:...` is relative to the config's directory, wherever
// emctl runs from; a PostgreSQL password (in the URL or PGPASSWORD) is never printed, also when
// the login fails (DESIGN.md §8, §10).

import { existsSync } from 'node:fs';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseFixture, type RunningEmulator } from '../../src/emulator/index.js';
import { runEmctl } from '../helpers/cli.js';
import { against, startTestEmulator, tempDir, writeConfig } from '../helpers/emulator.js';
import { PG_URL, postgresStore, sqliteStore } from '../measure/store/engines.js';

const FIXTURE = `organization: { id: 1, name: Acme }
api_keys: [dev-key]
integrations:
  - { id: 20, type: git, provider: host_a, name: Code, state: ok, auth_type: app }
teams:
  - { id: 42, name: Payments }
  - { id: 43, name: Checkout }
repositories:
  - { id: 1234, provider_id: R1, name: acme/api, integration_id: 20, state: monitored }
activity:
  contributors:
    - { id: 501, name: Ana, team_ids: [42] }
  pull_requests:
    - { id: 9001, repository_id: 1234, author_id: 501, branch: feature/a, base_branch: main, first_commit_at: "2026-09-01T00:00:00Z", opened_at: "2026-09-01T06:00:00Z", merged_at: "2026-09-02T00:00:00Z" }
`;

const CONFIG = `version: 1
teams:
  42:
    name: Payments
  43:
    name: Checkout
reports:
  weekly:
    metrics: [pr.merged]
    group_by: team
    teams: managed
    roll_up: 1w
    after: "2026-09-01"
    before: "2026-09-15"
    out: "sqlite:metrics/history.db"
`;

let emulator: RunningEmulator;

beforeAll(async () => {
  emulator = await startTestEmulator(parseFixture(FIXTURE, 'fixture.yaml'));
});
afterAll(async () => {
  await emulator.close();
});

describe("a report's out: sqlite:", () => {
  it('is relative to the config directory, not the working directory; team names come from the config', async () => {
    const configDir = await tempDir('emctl-store-config-');
    const config = await writeConfig(CONFIG, configDir);
    const elsewhere = await tempDir('emctl-store-cwd-');
    const a = against(emulator);
    const r = await runEmctl([...a.args, 'measurements', '-c', config, 'weekly'], { env: a.env, cwd: elsewhere });
    expect(r.code).toBe(0);
    // Weeks from a Tuesday, as given, with the note that they replace the ISO weeks they overlap.
    expect(r.stderr).toMatch(/^report weekly: note: the weekly buckets start on 2026-09-01, a Tuesday, not on a Monday: .*\nreport weekly: wrote 4 rows to /);
    expect(existsSync(join(elsewhere, 'metrics'))).toBe(false);
    const store = await sqliteStore(join(configDir, 'metrics'));
    const rows = await store.rows();
    expect(rows.map((x) => [x.group_id, x.group_name, x.after, x.value])).toEqual([
      ['42', 'Payments', '2026-09-01', 1],
      ['42', 'Payments', '2026-09-08', null],
      ['43', 'Checkout', '2026-09-01', null],
      ['43', 'Checkout', '2026-09-08', null],
    ]);
  });
});

describe.skipIf(PG_URL === undefined)('a PostgreSQL password', () => {
  it('is shown as *** in every message: a write, a failed login, PGPASSWORD', async () => {
    const store = await postgresStore();
    try {
      const url = new URL(store.target);
      const password = decodeURIComponent(url.password);
      const a = against(emulator);
      const request = ['measurements', '--metric', 'pr.merged', '--after', '2026-09-01', '--before', '2026-09-15', '-v'];
      const cwd = await tempDir('emctl-store-pw-');
      await mkdir(cwd, { recursive: true });

      const ok = await runEmctl([...a.args, ...request, '--out', store.target], { env: a.env, cwd });
      expect(ok.code).toBe(0);
      expect(ok.stderr).toContain(`postgres://${url.username}:***@${url.host}`);
      for (const text of [ok.stdout, ok.stderr]) expect(text).not.toContain(password);

      const wrongPassword = `wrong-${password.slice(0, 6)}-x`;
      const wrong = new URL(store.target);
      wrong.password = wrongPassword;
      const failed = await runEmctl([...a.args, ...request, '--out', wrong.toString()], { env: a.env, cwd });
      expect(failed.code).toBe(1);
      expect(failed.stderr).toContain('password authentication failed');
      expect(failed.stderr).toContain(':***@');
      for (const text of [failed.stdout, failed.stderr]) {
        expect(text).not.toContain(wrongPassword);
        expect(text).not.toContain(password);
      }

      // No password in the URL: PGPASSWORD gives it, and a wrong one is not printed either.
      const bare = new URL(store.target);
      bare.password = '';
      const fromEnv = await runEmctl(['measurements', '--from', bare.toString(), '--format', 'csv'], { env: { PGPASSWORD: password }, cwd });
      expect(fromEnv.stderr).toBe("");
      expect(fromEnv.code).toBe(0);
      expect(fromEnv.stdout).toContain('after,before,organization_id,pr.merged');
      const badEnv = await runEmctl(['measurements', '--from', bare.toString()], { env: { PGPASSWORD: wrongPassword }, cwd });
      expect(badEnv.code).toBe(1);

      // Neither: ~/.pgpass (here PGPASSFILE) gives it; a file others may read is ignored, as libpq does.
      const pgpass = join(cwd, 'pgpass');
      await writeFile(pgpass, `${url.hostname}:${url.port}:*:${url.username}:${password}\n`, { mode: 0o600 });
      const fromFile = await runEmctl(['measurements', '--from', bare.toString(), '--format', 'csv'], { env: { PGPASSFILE: pgpass }, cwd });
      expect(fromFile.stderr).toBe('');
      expect(fromFile.code).toBe(0);
      await chmod(pgpass, 0o644);
      const ignored = await runEmctl(['measurements', '--from', bare.toString()], { env: { PGPASSFILE: pgpass }, cwd });
      expect(ignored.code).toBe(1);
      expect(ignored.stderr).toContain('the server asks for a password: give it in the URL, PGPASSWORD or ~/.pgpass');
      for (const text of [fromEnv.stderr, badEnv.stdout, badEnv.stderr, fromFile.stdout, ignored.stderr]) {
        expect(text).not.toContain(wrongPassword);
        expect(text).not.toContain(password);
      }
    } finally {
      await store.drop();
    }
  });
});
