// The desired state a saved plan holds is checked by the config schema (config/saved-desired.ts):
// every config comes back from a plan file as the model it was loaded as, and a hand-edited one is
// refused with the bad key named.

import { describe, expect, it } from 'vitest';
import { desiredFromPlan } from '../../src/apply/stale.js';
import { loadConfigOrThrow } from '../../src/config/index.js';
import { EmctlError } from '../../src/contract/errors.js';
import type { DesiredConfig } from '../../src/core/model.js';
import type { Plan } from '../../src/core/plan-model.js';
import { parsePlanJson, renderPlanJson } from '../../src/render/json.js';
import { CONFIG_CHECKS } from '../../src/workflows/config-checks.js';
import { ACME_IN_SYNC } from '../helpers/acme-configs.js';
import { writeConfig } from '../helpers/emulator.js';

/** Every corner the model has: ids and names, keys written empty, an empty Git scope, settings with no overrides, rules in their order, scope globs. */
const CORNERS = `version: 1
integrations:
  tracker: { id: 10 }
  work: { name: Acme Work }
collection:
  10:
    boards: ["101", { name: Support }]
  work:
    projects: []
teams:
  42:
    pm:
      tracker:
        boards: []
        fields:
          - { name: Team, value: [Payments, Core] }
      work: {}
    git: {}
  43:
    git:
      repositories: ["payments-*", acme/api]
git:
  monitoring:
    include: [acme/*]
  repositories:
    acme/api:
      settings: {}
    1234:
      monitored: false
    "payments/*":
      settings: { default_branch: { branch_name: main } }
    "lib-*":
      integration: 20
      settings: {}
    "a?c/*":
      settings: {}
`;

/** The desired state as a saved plan holds it, read back as apply reads it. */
function throughPlanFile(config: DesiredConfig): unknown {
  const { sourceMap, reports, goals, ...rest } = config;
  void sourceMap;
  void reports;
  void goals;
  const plan: Plan = {
    format_version: 2,
    config_files: [],
    changes: [],
    operations: [],
    warnings: [],
    errors: [],
    summary: { add: 0, remove: 0, update: 0, operations: 0 },
    reads: [],
    totals: {},
    desired: JSON.parse(JSON.stringify(rest)) as unknown,
  };
  return parsePlanJson(renderPlanJson(plan)).desired;
}

function plain(config: DesiredConfig): unknown {
  const { sourceMap, reports, goals, ...rest } = config;
  void sourceMap;
  void reports;
  void goals;
  return JSON.parse(JSON.stringify(rest)) as unknown;
}

function refusal(raw: unknown): EmctlError {
  try {
    desiredFromPlan(raw, 'plan.json');
  } catch (error) {
    if (error instanceof EmctlError) return error;
    throw error;
  }
  throw new Error('not refused');
}

describe('a saved plan\'s desired state', () => {
  it.each([
    ['the Acme example', 'examples/acme/emctl.yaml'],
    ['the in-sync Acme config', ACME_IN_SYNC],
    ['every corner of the model', CORNERS],
  ])('comes back as the model %s was loaded as', async (_name, source) => {
    const path = source.endsWith('.yaml') ? source : await writeConfig(source);
    const config = await loadConfigOrThrow(path, CONFIG_CHECKS);
    expect(plain(desiredFromPlan(throughPlanFile(config), 'plan.json'))).toEqual(plain(config));
  });

  it('is refused when it does not pass the config schema, every bad key named', async () => {
    const saved = throughPlanFile(await loadConfigOrThrow(await writeConfig(CORNERS), CONFIG_CHECKS)) as Record<string, unknown>;
    const teams = saved.teams as { id: number; pm: { integration: string; boards?: unknown }[] }[];
    teams[0]!.pm[0]!.boards = 5;
    const safety = { thresholds: { deselect: { percent: 'half' } }, protected: [] };
    const error = refusal({ ...saved, teams, safety });
    expect(error.kind).toBe('config');
    expect(error.message).toMatch(/^plan\.json cannot be applied: its desired state is not a valid config \(desired\.teams\.42\.pm\.tracker\.boards: .*, and 1 more\)/);
    expect(error.details).toEqual([expect.stringMatching(/^desired\.teams\.42\.pm\.tracker\.boards: /), expect.stringMatching(/^desired\.safety\.thresholds\.deselect\.percent: /)]);
  });

  it('is refused when its files are no list of names', () => {
    expect(refusal({ version: 1, files: 'emctl.yaml' }).details).toEqual(['desired.files: expected a list of file names']);
  });
});
