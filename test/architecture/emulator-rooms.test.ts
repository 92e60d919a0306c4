// The emulator's own rooms (DESIGN.md section 5, docs/emulator.md "Layout") are enforced by
// .dependency-cruiser.cjs, bottom to top: state/; route/ and metrics/; pm/, git/, lists/ and
// measurements/; fixture/; store.ts; http/; index.ts. This proves each of those rules refuses a
// violation, naming itself, and that a tree importing only downward passes; and that every file of
// the real src/emulator/ is in a room a rule governs, with at most three at its top.

import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG, expectAllowed, expectRefused } from './cruise.js';

const E = 'src/emulator';
const use = (from: string, to: string, name: string) => `import { ${name} } from '${to}';\nexport const from_${from} = ${name};\n`;

/** One file a room, each importing rooms below it only (two levels down where it can). */
const ALLOWED: Record<string, string> = {
  [`${E}/state/state.ts`]: 'export const state = 1;\n',
  [`${E}/route/route.ts`]: use('route', '../state/state.js', 'state'),
  [`${E}/metrics/engine.ts`]: use('metrics', '../state/state.js', 'state'),
  [`${E}/pm/rules.ts`]: "import { from_route } from '../route/route.js';\nimport { from_metrics } from '../metrics/engine.js';\nexport const pm = from_route + from_metrics;\n",
  [`${E}/git/rules.ts`]: use('git', '../route/route.js', 'from_route'),
  [`${E}/lists/rules.ts`]: use('lists', '../metrics/engine.js', 'from_metrics'),
  [`${E}/measurements/routes.ts`]: use('measurements', '../state/state.js', 'state'),
  [`${E}/fixture/load.ts`]: "import { pm } from '../pm/rules.js';\nimport { from_git } from '../git/rules.js';\nexport const fixture = pm + from_git;\n",
  [`${E}/store.ts`]: "import { fixture } from './fixture/load.js';\nimport { from_lists } from './lists/rules.js';\nimport { from_measurements } from './measurements/routes.js';\nexport const store = fixture + from_lists + from_measurements;\n",
  [`${E}/http/server.ts`]: use('http', '../store.js', 'store'),
  [`${E}/index.ts`]: use('index', './http/server.js', 'from_http'),
};

/** Per rule, one import it must refuse: upward, or between siblings of one level. */
const VIOLATIONS: [rule: string, from: string, to: string, text: string][] = [
  ['emulator-state', 'state/up.ts', 'route/route.ts', use('up', '../route/route.js', 'from_route')],
  ['emulator-route', 'route/side.ts', 'metrics/engine.ts', use('side', '../metrics/engine.js', 'from_metrics')],
  ['emulator-metrics', 'metrics/up.ts', 'pm/rules.ts', use('up', '../pm/rules.js', 'pm')],
  ['emulator-pm', 'pm/side.ts', 'git/rules.ts', use('side', '../git/rules.js', 'from_git')],
  ['emulator-git', 'git/up.ts', 'fixture/load.ts', use('up', '../fixture/load.js', 'fixture')],
  ['emulator-lists', 'lists/side.ts', 'measurements/routes.ts', use('side', '../measurements/routes.js', 'from_measurements')],
  ['emulator-measurements', 'measurements/side.ts', 'pm/rules.ts', use('side', '../pm/rules.js', 'pm')],
  ['emulator-fixture', 'fixture/up.ts', 'store.ts', use('up', '../store.js', 'store')],
  ['emulator-store', 'store.ts', 'http/server.ts', `${ALLOWED[`${E}/store.ts`]}import { from_http } from './http/server.js';\nexport const up = from_http;\n`],
  ['emulator-http', 'http/up.ts', 'index.ts', use('up', '../index.js', 'from_index')],
  // A file at the emulator's top that no rule names is in no room: importing it is refused.
  ['emulator-index', 'index.ts', 'extra.ts', `${ALLOWED[`${E}/index.ts`]}import { extra } from './extra.js';\nexport const more = extra;\n`],
];

describe("the emulator's room rules", () => {
  it('pass a tree whose imports go downward only', () => expectAllowed(ALLOWED), 120_000);

  it('refuse an upward or sibling import in every room, naming the rule', async () => {
    const files: Record<string, string> = { ...ALLOWED, [`${E}/extra.ts`]: 'export const extra = 1;\n' };
    for (const [, from, , text] of VIOLATIONS) files[`${E}/${from}`] = text;
    await expectRefused(files, VIOLATIONS.map(([rule, from, to]) => [rule, `${E}/${from}`, `${E}/${to}`] as const));
  }, 120_000);
});

describe('the real src/emulator/', () => {
  const root = resolve(import.meta.dirname, '../..');
  const rules = (createRequire(import.meta.url)(CONFIG) as { forbidden: { name: string; from: { path?: string } }[] }).forbidden
    .filter((r) => r.name.startsWith('emulator-'))
    .map((r) => new RegExp(r.from.path ?? '$^'));
  const entries = readdirSync(join(root, E), { withFileTypes: true });

  it('has at most three files at its top', () => {
    expect(entries.filter((e) => e.isFile()).length).toBeLessThanOrEqual(3);
  });

  it('has every file and room governed by a room rule', () => {
    const outside = entries.map((e) => `${E}/${e.name}${e.isDirectory() ? '/x.ts' : ''}`).filter((path) => !rules.some((rule) => rule.test(path)));
    expect(outside).toEqual([]);
  });
});
