// The config parts (TypeBox definitions: src/core/config-schema/, each kind's config.ts and
// kinds/shared/config-*.ts) make the editor schema and the config's types at build time; the
// package leaves them out (package.json "files") and TypeBox is not installed with it. Proven on a
// throwaway tree with the project's own .dependency-cruiser.cjs: run-time code may import a config
// part for its types only.

import { describe, it } from 'vitest';
import { expectAllowed, expectRefused } from './cruise.js';

const ALLOWED = {
  'src/core/config-schema/kit.ts': 'export const def = <T>(name: string, schema: T): T => schema;\n',
  'src/core/kinds/shared/config-names.ts': "import { def } from '../../config-schema/kit.js';\nexport const names = def('names', { type: 'string' });\n",
  'src/core/kinds/a/config.ts': "import { def } from '../../config-schema/kit.js';\nimport { names } from '../shared/config-names.js';\nexport const a = def('a', { names });\nexport type A = typeof a;\n",
  'src/core/config-schema/config.ts': "import { a } from '../kinds/a/config.js';\nexport const document = { a };\nexport type Document = typeof document;\n",
  'src/core/kinds/a/index.ts': "import type { A } from './config.js';\nexport const kindA = (part: A): string => typeof part;\n",
  'src/config/build-model.ts': "import type { Document } from '../core/config-schema/config.js';\nexport const build = (d: Document): number => Object.keys(d).length;\n",
};

describe('the config parts stay out of the run time', () => {
  it('passes parts that import each other and run-time code that imports their types', () => expectAllowed(ALLOWED), 120_000);

  it('refuses run-time code importing a config part for its value', async () => {
    const files = {
      ...ALLOWED,
      'src/core/kinds/a/index.ts': "import { a } from './config.js';\nexport const kindA = (): string => typeof a;\n",
      'src/config/build-model.ts': "import { document } from '../core/config-schema/config.js';\nexport const build = (): number => Object.keys(document).length;\n",
      'src/core/kinds/b/index.ts': "import { names } from '../shared/config-names.js';\nexport const kindB = (): string => typeof names;\n",
    };
    await expectRefused(files, [
      ['config-parts-not-at-run-time', 'src/core/kinds/a/index.ts', 'src/core/kinds/a/config.ts'],
      ['config-parts-not-at-run-time', 'src/config/build-model.ts', 'src/core/config-schema/config.ts'],
      ['config-parts-not-at-run-time', 'src/core/kinds/b/index.ts', 'src/core/kinds/shared/config-names.ts'],
    ]);
  }, 120_000);
});
