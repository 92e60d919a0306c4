// The rooms of DESIGN.md section 5 are enforced by .dependency-cruiser.cjs, run by `npm run lint`
// over src/. This proves the rules bite: a throwaway tree with one upward import, one import
// between sibling rooms and one cycle is refused with each rule named, and the same tree without
// them passes.

import { describe, it } from 'vitest';
import { expectAllowed, expectRefused } from './cruise.js';

const ALLOWED = {
  'src/contract/types.ts': 'export type Id = number;\n',
  'src/core/plan.ts': "import type { Id } from '../contract/types.js';\nexport const first = (ids: Id[]): Id | undefined => ids[0];\n",
  'src/workflows/plan.ts': "import { first } from '../core/plan.js';\nexport const run = (): number | undefined => first([1]);\n",
  'src/cli/main.ts': "import { run } from '../workflows/plan.js';\nexport const main = (): number | undefined => run();\n",
};

describe('room rules (DESIGN.md section 5)', () => {
  it('pass a tree whose imports go downward only', () => expectAllowed(ALLOWED), 120_000);

  it('refuse an upward import, an import between sibling rooms and a cycle, naming each rule', async () => {
    const files = {
      ...ALLOWED,
      'src/core/upward.ts': "import { main } from '../cli/main.js';\nexport const up = main;\n",
      'src/api/sibling.ts': "import { first } from '../core/plan.js';\nexport const side = first;\n",
      'src/state/a.ts': "import { b } from './b.js';\nexport const a = (): number => b() + 1;\n",
      'src/state/b.ts': "import { a } from './a.js';\nexport const b = (): number => (a ? 0 : 1);\n",
    };
    await expectRefused(files, [
      ['room-core', 'src/core/upward.ts', 'src/cli/main.ts'],
      ['room-api', 'src/api/sibling.ts', 'src/core/plan.ts'],
      ['no-circular', 'src/state/a.ts'],
    ]);
  }, 120_000);

  it('keep plan/ on the engines\' level: workflows/ may use it; it uses neither apply/ nor workflows/, nor apply/ it', async () => {
    const engines = {
      ...ALLOWED,
      'src/plan/make.ts': "import { first } from '../core/plan.js';\nexport const make = first;\n",
      'src/apply/run.ts': "import { first } from '../core/plan.js';\nexport const apply = first;\n",
      'src/workflows/apply.ts': "import { make } from '../plan/make.js';\nimport { apply } from '../apply/run.js';\nexport const both = [make, apply];\n",
    };
    await expectAllowed(engines);
    const files = {
      ...engines,
      'src/plan/sibling.ts': "import { apply } from '../apply/run.js';\nexport const side = apply;\n",
      'src/apply/sibling.ts': "import { make } from '../plan/make.js';\nexport const side = make;\n",
      'src/plan/upward.ts': "import { both } from '../workflows/apply.js';\nexport const up = both;\n",
    };
    await expectRefused(files, [
      ['room-plan', 'src/plan/sibling.ts', 'src/apply/run.ts'],
      ['room-apply', 'src/apply/sibling.ts', 'src/plan/make.ts'],
      ['room-plan', 'src/plan/upward.ts', 'src/workflows/apply.ts'],
    ]);
  }, 120_000);

  it('keep output/ beside api/ and core/: the shells above use it; it uses neither its siblings nor a room above', async () => {
    const files = {
      ...ALLOWED,
      'src/output/paths.ts': "import type { Id } from '../contract/types.js';\nexport const shown = (id: Id): string => String(id);\n",
      'src/workflows/show.ts': "import { shown } from '../output/paths.js';\nexport const show = shown;\n",
    };
    await expectAllowed(files);
    await expectRefused(
      {
        ...files,
        'src/output/sibling.ts': "import { first } from '../core/plan.js';\nexport const side = first;\n",
        'src/output/upward.ts': "import { run } from '../workflows/plan.js';\nexport const up = run;\n",
      },
      [
        ['room-output', 'src/output/sibling.ts', 'src/core/plan.ts'],
        ['room-output', 'src/output/upward.ts', 'src/workflows/plan.ts'],
      ],
    );
  }, 120_000);

  it('refuse an import from config/yaml/ into the rest of config/', async () => {
    const files = {
      ...ALLOWED,
      'src/config/index.ts': "import { read } from './yaml/parse.js';\nexport const load = read;\n",
      'src/config/yaml/parse.ts': "import { check } from '../checks.js';\nexport const read = check;\n",
      'src/config/checks.ts': 'export const check = (): number => 1;\n',
    };
    await expectRefused(files, [['config-yaml-below-config', 'src/config/yaml/parse.ts', 'src/config/checks.ts']]);
  }, 120_000);
});
