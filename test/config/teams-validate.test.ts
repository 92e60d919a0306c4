// validate's team checks (DESIGN 14), offline: each config is loaded as emctl.yaml, every
// diagnostic exactly as printed (file:line:column), all problems of a config at once.

import { describe, expect, test } from 'vitest';
import { loadConfig } from '../../src/config/index.js';
import { CONFIG_CHECKS } from '../../src/workflows/config-checks.js';
import { testInvalidConfigs, writeFiles, type InvalidCase } from './helpers.js';

const CASES: InvalidCase[] = [
  [
    'a name too short, one not starting with a letter, and an id key renamed to a bad name',
    `version: 1
teams:
  Ab: {}
  42:
    name: "1st"
`,
    [
      'emctl.yaml:3:3: team name "Ab": a team name has 3-100 characters (this one has 2)',
      'emctl.yaml:5:11: team name "1st": a team name starts with a letter',
    ],
  ],
  [
    'initials and colour',
    `version: 1
teams:
  Payments:
    initials: ABCD
    color: "#12345"
  Platform:
    initials: ""
    color: red
`,
    [
      'emctl.yaml:4:15: team initials have 1-3 characters (these have 4)',
      'emctl.yaml:5:12: a team colour is #RGB or #RRGGBB (hexadecimal digits)',
      'emctl.yaml:7:15: team initials have 1-3 characters (these have 0)',
      'emctl.yaml:8:12: a team colour is #RGB or #RRGGBB (hexadecimal digits)',
    ],
  ],
  [
    'member emails and duplicate members',
    `version: 1
teams:
  Payments:
    members: [ana@acme.io, "not an email", 512, ANA@acme.io, 512, bo@acme]
`,
    [
      'emctl.yaml:4:28: member "not an email" is not an email address (a contributor id is written as a number)',
      'emctl.yaml:4:49: member "ANA@acme.io" appears twice in the member set (first at line 4)',
      'emctl.yaml:4:62: member 512 appears twice in the member set (first at line 4)',
      'emctl.yaml:4:67: member "bo@acme" is not an email address (a contributor id is written as a number)',
    ],
  ],
  [
    'the service\'s own teams as keys',
    `version: 1
teams:
  All Teams: {}
  all contributors: {}
`,
    [
      'emctl.yaml:3:3: "All Teams" is a team the service keeps itself: emctl never writes it',
      'emctl.yaml:4:3: "all contributors" is a team the service keeps itself: emctl never writes it',
    ],
  ],
  [
    'the same team twice: two keys differing in case, a key and a pin, an id key\'s name and a name key',
    `version: 1
teams:
  Payments: {}
  payments: {}
  Platform:
    id: 42
  42: {}
  43:
    name: Growth
  Growth: {}
`,
    [
      'emctl.yaml:4:3: team "payments" is written twice: here and as `Payments` (emctl.yaml:3); names compare case-insensitively',
      'emctl.yaml:5:3: team 42 is written twice: here and as `42` (emctl.yaml:7)',
      'emctl.yaml:10:3: team "Growth" is written twice: here and as `43` (emctl.yaml:8); names compare case-insensitively',
    ],
  ],
  [
    'a parent cycle within the file, by name and by id',
    `version: 1
teams:
  Alpha:
    parent: Gamma
  Beta:
    parent: alpha
  Gamma:
    id: 7
    parent: Beta
  Delta:
    parent: 9
  9:
    name: Epsilon
    parent: Delta
`,
    [
      'emctl.yaml:4:13: the parents make a cycle: Alpha → Gamma → Beta → Alpha',
      'emctl.yaml:14:13: the parents make a cycle: Epsilon → Delta → Epsilon',
    ],
  ],
  [
    'name: beside a name key, id: beside an id key, a team under All Contributors',
    `version: 1
teams:
  Payments:
    name: Pay
  42:
    id: 42
  Growth:
    parent: All Contributors
`,
    [
      'emctl.yaml:4:5: team "Payments" is keyed by its name: rename it by changing the key (with `id:` pinned to keep the same team)',
      'emctl.yaml:6:5: team 42 is keyed by its id: `id:` pins a team keyed by name',
      'emctl.yaml:8:13: a team cannot be a child of All Contributors',
    ],
  ],
  [
    'schema: ownership, the deletion threshold, a member that is neither email nor id',
    `version: 1
ownership:
  teams: all
safety:
  thresholds:
    team_deletion: { percnt: 5 }
teams:
  Payments:
    members: [true]
    parent: [Engineering]
`,
    [
      'emctl.yaml:3:10: `teams` must be one of listed, exact; got `all`',
      "emctl.yaml:6:22: unknown key `percnt` in `safety.thresholds.team_deletion`; did you mean `percent`?",
      "emctl.yaml:9:15: `members[0]` must be a contributor's email or id; got a boolean (true)",
      "emctl.yaml:10:13: `parent` must be a team's name or id, or null; got a list",
    ],
  ],
  [
    'protected team addresses',
    `version: 1
teams:
  Payments:
    members: [ana@acme.io]
safety:
  protected: ['team["Payments"].members', 'team["payments"]', 'team["Nope"]', 'team["Payments"].color']
`,
    [
      'emctl.yaml:6:63: protected address `team["Nope"]`: the config writes no team "Nope"',
      'emctl.yaml:6:79: protected address `team["Payments"].color`: team "Payments" does not write `color`',
    ],
  ],
];

describe('validate: teams', () => {
  testInvalidConfigs(CASES);

  test('the same team in two files of a directory: the key in one, a case variant or a pin in the other', async () => {
    const dir = writeFiles({
      'a.yaml': 'version: 1\nteams:\n  Payments: {}\n  42: {}\n',
      'b.yaml': 'version: 1\nteams:\n  payments: {}\n  Platform:\n    id: 42\n',
    });
    const { diagnostics } = await loadConfig(dir, CONFIG_CHECKS);
    expect(diagnostics.map((d) => `${d.file.split('/').pop() ?? ''}:${d.line}:${d.column}: ${d.message}`)).toEqual([
      'b.yaml:3:3: team "payments" is written twice: here and as `Payments` (a.yaml:3); names compare case-insensitively',
      'b.yaml:4:3: team 42 is written twice: here and as `42` (a.yaml:4)',
    ]);
  });

  test('a valid team config loads into the model: name keys, pins, parents, members', async () => {
    const dir = writeFiles({
      'emctl.yaml': `version: 1
ownership: { teams: exact }
safety:
  thresholds: { team_deletion: { count: 2 } }
  protected: ['team["Legacy"]']
teams:
  Engineering:
    id: 40
    initials: ENG
  Payments:
    parent: Engineering
    color: "#3B48B3"
    members: [bo@acme.io, 512, ana@acme.io]
  42:
    name: Platform
    parent: null
`,
    });
    const { config, diagnostics } = await loadConfig(`${dir}/emctl.yaml`, CONFIG_CHECKS);
    expect(diagnostics).toEqual([]);
    expect(config?.ownership).toEqual({ teams: 'exact' });
    expect(config?.safety.thresholds).toEqual({ team_deletion: { count: 2 } });
    expect(config?.teams.map(({ key, id, name, parent, initials, color, members }) => ({ key, id, name, parent, initials, color, members }))).toEqual([
      { key: { id: 42 }, id: 42, name: 'Platform', parent: null, initials: undefined, color: undefined, members: undefined },
      { key: { name: 'Engineering' }, id: 40, name: 'Engineering', parent: undefined, initials: 'ENG', color: undefined, members: undefined },
      {
        key: { name: 'Payments' },
        id: undefined,
        name: 'Payments',
        parent: { name: 'Engineering' },
        initials: undefined,
        color: '#3B48B3',
        members: [{ id: 512 }, { email: 'ana@acme.io' }, { email: 'bo@acme.io' }],
      },
    ]);
  });
});
