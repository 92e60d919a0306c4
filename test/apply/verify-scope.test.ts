// narrowDesiredTo: the desired state the final re-read of an apply plans against, narrowed to the
// objects the apply wrote. Table cases over one config: which objects are kept for which written
// addresses, at address boundaries (team[42] is not team[420]).

import { beforeAll, describe, expect, it } from 'vitest';
import { narrowDesiredTo } from '../../src/apply/verify-scope.js';
import { loadConfigOrThrow } from '../../src/config/index.js';
import type { DesiredConfig } from '../../src/core/model.js';
import { writeConfig } from '../helpers/emulator.js';
import { CONFIG_CHECKS } from '../../src/workflows/config-checks.js';

const CONFIG = `version: 1
integrations:
  tracker: { id: 10 }
collection:
  tracker:
    boards: ["101", "102"]
    projects: ["P1"]
teams:
  42:
    pm:
      tracker:
        boards: ["101"]
    git:
      repositories: ["acme/api"]
  420:
    pm:
      tracker:
        boards: ["102"]
git:
  defaults:
    active_branches_duration: { days: 7 }
    draft_pull_requests: { labels: [wip] }
  monitoring:
    include: ["acme/*"]
  repositories:
    acme/docs:
      monitored: true
    acme/web:
      settings:
        default_branch: { branch_name: develop }
      monitored: true
`;

let config: DesiredConfig;
beforeAll(async () => {
  config = await loadConfigOrThrow(await writeConfig(CONFIG), CONFIG_CHECKS);
});

/** What a narrowed config keeps, as readable strings. */
function kept(narrowed: DesiredConfig): string[] {
  const out: string[] = [];
  for (const s of narrowed.collection) out.push(`collection.${String(s.integration)}.${s.entityType}`);
  for (const t of narrowed.teams) {
    for (const scope of t.pm) out.push(`team[${t.id}].pm.${String(scope.integration)}`);
    if (t.git !== undefined) out.push(`team[${t.id}].git`);
  }
  for (const section of Object.keys(narrowed.git.defaults)) out.push(`git.defaults.${section}`);
  if (narrowed.git.monitoring !== undefined) out.push('git.monitoring');
  for (const r of narrowed.git.repositories) {
    const name = JSON.stringify(r.ref);
    if (r.settings !== undefined) out.push(`repo ${name} settings`);
    if (r.monitored !== undefined) out.push(`repo ${name} monitored`);
  }
  return out;
}

describe('narrowDesiredTo', () => {
  it.each<[string, string[], string[]]>([
    ['nothing written', [], []],
    ['a board of a selection set keeps that set only', ['collection.tracker.boards["101"]'], ['collection.tracker.boards']],
    ['a key of team 42 keeps its tracker scope, not team 420 (boundary)', ['team[42].pm.tracker.boards'], ['team[42].pm.tracker']],
    ['team 420 written keeps team 420 only', ['team[420].pm.tracker.boards'], ['team[420].pm.tracker']],
    ['a Git scope', ['team[42].git.repositories'], ['team[42].git']],
    ['one default section', ['git.defaults.draft_pull_requests'], ['git.defaults.draft_pull_requests']],
    [
      'a monitoring state keeps that state and the patterns that may decide it',
      ['repo["acme/docs"].monitored'],
      ['git.monitoring', 'repo {"name":"acme/docs"} monitored'],
    ],
    ['a repository setting keeps its settings, not its monitored state', ['repo["acme/web"].settings.default_branch'], ['repo {"name":"acme/web"} settings']],
  ])('%s', (_name, addresses, expected) => {
    expect(kept(narrowDesiredTo(config, addresses))).toEqual(expected);
  });
});
