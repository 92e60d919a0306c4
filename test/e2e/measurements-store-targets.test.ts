// Where the rows go: a report's `out: sqlite:...` is relative to the config's directory, wherever
// emctl runs from; a PostgreSQL password (in the URL or PGPASSWORD) is never printed, also when
// the login fails (DESIGN.md §8, §10).

import { existsSync } from 'node:fs';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runEmctl } from '../helpers/cli.js';
import { tempDir, writeConfig } from '../helpers/emulator.js';
import { emctlAgainst, fixtureEmulator } from '../helpers/measure-e2e.js';
import { gitOrganization, PAYMENTS_CHECKOUT_CONFIG, repository } from '../helpers/measure-fixture.js';
import { PG_URL, postgresStore, sqliteStore } from '../measure/store/engines.js';

const FIXTURE = gitOrganization({
  teams: ['{ id: 42, name: Payments }', '{ id: 43, name: Checkout }'],
  repositories: [repository(1234, 'acme/api')],
  contributors: ['{ id: 501, name: Ana, team_ids: [42] }'],
  pullRequests: ['{ id: 9001, repository_id: 1234, author_id: 501, branch: feature/a, base_branch: main, first_commit_at: "2026-09-01T00:00:00Z", opened_at: "2026-09-01T06:00:00Z", merged_at: "2026-09-02T00:00:00Z" }'],
});

const CONFIG = `${PAYMENTS_CHECKOUT_CONFIG}reports:
  weekly:
    metrics: [pr.merged]
    group_by: team
    teams: managed
    roll_up: 1w
    after: "2026-09-01"
    before: "2026-09-15"
    out: "sqlite:metrics/history.db"
`;

const emulator = fixtureEmulator(FIXTURE);

describe("a report's out: sqlite:", () => {
  it('is relative to the config directory, not the working directory; team names come from the config', async () => {
    const configDir = await tempDir('emctl-store-config-');
    const config = await writeConfig(CONFIG, configDir);
    const elsewhere = await tempDir('emctl-store-cwd-');
    const r = await emctlAgainst(emulator, ['measurements', '-c', config, 'weekly'], { cwd: elsewhere });
    expect(r.code).toBe(0);
    // Tuesdays, widened to the ISO weeks they touch: a store keeps calendar buckets only.
    expect(r.stderr).toMatch(/^report weekly: note: a store keeps whole ISO weeks \(Monday to Sunday\): the window 2026-09-01 \(a Tuesday\) to 2026-09-15 \(a Tuesday\) \(before\) is widened to 2026-08-31 to 2026-09-21 \(before\).*\nreport weekly: wrote 6 rows to /);
    expect(existsSync(join(elsewhere, 'metrics'))).toBe(false);
    const store = await sqliteStore(join(configDir, 'metrics'));
    const rows = await store.rows();
    expect(rows.map((x) => [x.group_id, x.group_name, x.after, x.value])).toEqual([
      ['42', 'Payments', '2026-08-31', 1],
      ['42', 'Payments', '2026-09-07', null],
      ['42', 'Payments', '2026-09-14', null],
      ['43', 'Checkout', '2026-08-31', null],
      ['43', 'Checkout', '2026-09-07', null],
      ['43', 'Checkout', '2026-09-14', null],
    ]);
  });
});

describe.skipIf(PG_URL === undefined)('a PostgreSQL password', () => {
  it('is shown as *** in every message: a write, a failed login, PGPASSWORD', async () => {
    const store = await postgresStore();
    try {
      const url = new URL(store.target);
      const password = decodeURIComponent(url.password);
      const request = ['measurements', '--metric', 'pr.merged', '--after', '2026-09-01', '--before', '2026-09-15', '-v'];
      const cwd = await tempDir('emctl-store-pw-');
      await mkdir(cwd, { recursive: true });

      const ok = await emctlAgainst(emulator, [...request, '--out', store.target], { cwd });
      expect(ok.code).toBe(0);
      expect(ok.stderr).toContain(`postgres://${url.username}:***@${url.host}`);
      for (const text of [ok.stdout, ok.stderr]) expect(text).not.toContain(password);

      const wrongPassword = `wrong-${password.slice(0, 6)}-x`;
      const wrong = new URL(store.target);
      wrong.password = wrongPassword;
      const failed = await emctlAgainst(emulator, [...request, '--out', wrong.toString()], { cwd });
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
