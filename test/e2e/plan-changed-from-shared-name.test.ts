// --changed-from and --target on a repository whose name is on two Git integrations (acme/tools is
// 1218 on Acme Code and 2108 on Acme Labs in the example organization). The config names it by
// name plus `integration:`; the planner addresses it by id (`repo[1218]`), since the name alone
// would address two objects. The changed object must still be matched to its changes: by the
// repository the name resolves to, not by spelling.

import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { parsePlanJson } from '../../src/render/json.js';
import { ACME_IN_SYNC } from '../helpers/acme-configs.js';
import { runEmctl } from '../helpers/cli.js';
import { acmeFixture, against, startTestEmulator, tempDir } from '../helpers/emulator.js';
import { commitAll } from '../helpers/git-repo.js';

const WITH_CODE = ACME_IN_SYNC.replace('  tracker: { id: 10 }\n', '  tracker: { id: 10 }\n  code: { id: 20 }\n');
const TOOLS = (branch: string) => `  repositories:\n    acme/tools:\n      integration: code\n      monitored: true\n      settings:\n        default_branch: { branch_name: ${branch} }\n`;
// At the ref acme/tools (on Acme Code) has no override; now it has one that live does not have.
const AT_REF = WITH_CODE + '  repositories:\n    acme/tools:\n      integration: code\n      monitored: true\n';
const NOW = WITH_CODE + TOOLS('release-x');

let emulator: RunningEmulator;
let repo: string;

beforeAll(async () => {
  emulator = await startTestEmulator(await acmeFixture());
  repo = await tempDir('emctl-shared-name-');
  await mkdir(join(repo, 'config'), { recursive: true });
  await writeFile(join(repo, 'config/emctl.yaml'), AT_REF, 'utf8');
  await commitAll(repo);
  await writeFile(join(repo, 'config/emctl.yaml'), NOW, 'utf8');
});
afterAll(async () => {
  await emulator.close();
});

async function emctl(args: string[]) {
  const target = against(emulator);
  return runEmctl([...args, ...target.args, '--rate-limit', '0'], { env: target.env, cwd: repo });
}

describe('a repository name shared by two Git integrations', () => {
  it('--changed-from HEAD plans the changed override of the one the config names (addressed by its id)', async () => {
    const result = await emctl(['plan', '-c', 'config/emctl.yaml', '--changed-from', 'HEAD', '--format', 'json']);
    expect(result.stderr).toBe('');
    const plan = parsePlanJson(result.stdout);
    expect(plan.changes.map((c) => c.address)).toEqual(['repo[1218].settings.default_branch']);
    expect(plan.scope?.objects).toBe(1);
  });

  it('--target by name selects its changes though they are addressed by id; the other repository of that name is not touched', async () => {
    const result = await emctl(['plan', '-c', 'config/emctl.yaml', '--target', 'repo["acme/tools"]', '--format', 'json']);
    expect(result.stderr).toBe('');
    const plan = parsePlanJson(result.stdout);
    expect(plan.changes.map((c) => c.address)).toEqual(['repo[1218].settings.default_branch']);
  });

  it('--exclude by name leaves them out', async () => {
    const result = await emctl(['plan', '-c', 'config/emctl.yaml', '--changed-from', 'HEAD', '--exclude', 'repo["acme/tools"]', '--format', 'json']);
    const plan = parsePlanJson(result.stdout);
    expect(plan.changes).toEqual([]);
  });
});
