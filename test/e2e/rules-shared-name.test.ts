// --target by a repository name that two Git integrations share (acme/tools is 1218 on Acme Code,
// monitored, and 2108 on Acme Labs, not monitored, in the example organization): the name reaches
// every repository of that name, whichever object of the config writes it (a rule, a literal key
// by id, the monitoring patterns). Never a silent "No changes in scope" (DESIGN 3). The real CLI
// against the emulator over real HTTP.

import { describe, expect, it } from 'vitest';
import { parsePlanJson } from '../../src/render/json.js';
import { writeConfig } from '../helpers/emulator.js';
import { useFreshAcme } from '../helpers/fresh-acme.js';

const RULE = `version: 1
git:
  repositories:
    "acme/*":
      settings: { exclude_branches: { patterns: ["^dependabot/"] } }
`;

const acme = useFreshAcme('emctl-rules-shared-name-');
const { emctl, api } = acme;

async function planned(path: string, target: string): Promise<string[]> {
  const result = await emctl(['plan', '-c', path, '--target', target, '--format', 'json']);
  expect(result.code, result.stderr).toBe(0);
  return parsePlanJson(result.stdout).changes.map((c) => `${c.action} ${c.address}${c.rule === undefined ? '' : ` (${c.rule})`}`);
}

describe('--target repo["NAME"] on a name two Git integrations share', () => {
  it('plans what a rule writes to the repository of that name, as repo[ID] does', async () => {
    const path = await writeConfig(RULE, acme.dir);
    expect((await emctl(['apply', '-c', path, '--auto-approve'])).code).toBe(0);
    await api('DELETE', '/api/v1/git/repositories/1218/config/exclude_branches');

    const byId = await planned(path, 'repo[1218]');
    expect(byId).toEqual(['add repo[1218].settings.exclude_branches (acme/*)']);
    expect(await planned(path, 'repo["acme/tools"]')).toEqual(byId);
    expect(await planned(path, 'repo["acme/tools"].settings')).toEqual(byId);
    const text = await emctl(['plan', '-c', path, '--target', 'repo["acme/tools"]']);
    expect(text.stdout).toContain('+ repo[1218].settings.exclude_branches (acme/tools)  (rule "acme/*")');
    expect(text.stdout).not.toContain('No changes in scope');
    expect(text.stdout).not.toContain('matches no pending change');
  });

  it('reaches every repository of that name that a rule writes, and repo[ID] only its own', async () => {
    const path = await writeConfig(RULE, acme.dir);
    // acme/tools on Acme Labs is monitored too: the rule (on every integration) writes both.
    await api('PATCH', '/api/v1/git/repositories', { repositories: [{ id: 2108, state: 'monitored' }] });
    expect(await planned(path, 'repo["acme/tools"]')).toEqual(['add repo[1218].settings.exclude_branches (acme/*)', 'add repo[2108].settings.exclude_branches (acme/*)']);
    expect(await planned(path, 'repo[2108]')).toEqual(['add repo[2108].settings.exclude_branches (acme/*)']);
    // An exclude by name leaves every repository of that name out; one by id, that one only.
    const excluded = await emctl(['plan', '-c', path, '--target', 'repo["acme/*"]', '--exclude', 'repo["acme/tools"]', '--format', 'json']);
    expect(parsePlanJson(excluded.stdout).changes.map((c) => c.address).filter((a) => /^repo\[(1218|2108)\]/.test(a))).toEqual([]);
    const one = await emctl(['plan', '-c', path, '--target', 'repo["acme/tools"]', '--exclude', 'repo[1218]', '--format', 'json']);
    expect(parsePlanJson(one.stdout).changes.map((c) => c.address)).toEqual(['repo[2108].settings.exclude_branches']);
  });

  it('plans a literal key written by id, as it does a rule', async () => {
    const path = await writeConfig(
      `version: 1
git:
  repositories:
    "1218":
      settings: { exclude_branches: { patterns: ["^x/"] } }
`,
      acme.dir,
    );
    expect(await planned(path, 'repo["acme/tools"]')).toEqual(['add repo[1218].settings.exclude_branches']);
  });

  it('plans the entry written by id beside the one written by that name with integration:', async () => {
    const path = await writeConfig(
      `version: 1
integrations:
  code: { id: 20 }
git:
  repositories:
    acme/tools:
      integration: code
      settings: { exclude_branches: { patterns: ["^a/"] } }
    "2108":
      settings: { exclude_branches: { patterns: ["^b/"] } }
`,
      acme.dir,
    );
    const all = await emctl(['plan', '-c', path, '--format', 'json']);
    expect(all.code, all.stderr).toBe(0);
    // acme/tools on Acme Code is 1218, addressed by id since its name is on two integrations.
    const both = ['add repo[1218].settings.exclude_branches', 'add repo[2108].settings.exclude_branches'];
    expect(parsePlanJson(all.stdout).changes.map((c) => `${c.action} ${c.address}`).sort()).toEqual(both);
    expect((await planned(path, 'repo["acme/tools"]')).sort()).toEqual(both);
    expect(await planned(path, 'repo[2108]')).toEqual(['add repo[2108].settings.exclude_branches']);
  });

  it('plans the monitoring state the patterns give a repository of that name', async () => {
    const path = await writeConfig(
      `version: 1
git:
  monitoring:
    include: ["acme/*"]
    exclude: ["acme/tools"]
`,
      acme.dir,
    );
    expect(await planned(path, 'repo["acme/tools"]')).toEqual(['remove repo[1218].monitored']);
    expect(await planned(path, 'repo["acme/tools"].monitored')).toEqual(['remove repo[1218].monitored']);
  });
});
