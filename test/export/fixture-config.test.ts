// `export --fixture -c PATH`: the snapshot holds every team the config manages, so an offline plan
// of that config against it (the fork / no-key flow of the CI examples) plans exactly what the live
// service would, instead of failing with "team 47 does not exist". Where the service lists its
// teams, the snapshot holds every listed team anyway; an older service lists none, and then only
// -c brings in a team no board or project names (test/e2e/team-list-fallback.test.ts).

import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runEmctl } from '../helpers/cli.js';
import { serviceForFile, tempDir } from './helpers.js';

const ROOT = join(import.meta.dirname, '..', '..');
const CONFIG = join(ROOT, 'examples/acme/emctl.yaml');

describe('emctl export --fixture -c PATH', () => {
  const service = serviceForFile();

  it('includes the teams only the config knows, so the offline plan equals the live one', async () => {
    const dir = tempDir('fixture-config');
    const bare = join(dir, 'bare.yaml');
    const withConfig = join(dir, 'snapshot.yaml');
    expect((await service().emctl(['export', '--fixture', '--out', bare])).code).toBe(0);
    const exported = await service().emctl(['export', '--fixture', '-c', CONFIG, '--out', withConfig]);
    expect(exported.code, exported.stderr).toBe(0);

    const live = await service().emctl(['plan', '-c', CONFIG, '--format', 'json']);
    const changes = (text: string) => (JSON.parse(text) as { changes: unknown[] }).changes;
    // Team 47 has no scope yet: the team list holds it, so even the snapshot made without -c knows it.
    for (const snapshot of [bare, withConfig]) {
      const offline = await runEmctl(['--emulator', snapshot, 'plan', '-c', CONFIG, '--format', 'json']);
      expect(offline.code, offline.stderr).toBe(0);
      expect(changes(offline.stdout)).toEqual(changes(live.stdout));
    }
  });
});
