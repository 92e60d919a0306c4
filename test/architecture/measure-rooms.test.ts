// measure/ keeps each thing in one place (DESIGN.md section 5): its renderers read one result and
// the format registry, nothing above them (the run, the request checks, the store), and the
// registry, which every start of emctl loads, imports nothing. Proven on a throwaway tree with the
// project's own .dependency-cruiser.cjs: the tree passes, and each import that climbs is refused.

import { describe, it } from 'vitest';
import { expectAllowed, expectRefused } from './cruise.js';

const ALLOWED = {
  'src/measure/output-formats.ts': "export const OUTPUT_FORMATS = ['table', 'csv'];\n",
  'src/measure/result-model.ts': 'export interface MeasurementResult { rows: number[] }\nexport type RunOutput = { kind: \'result\'; result: MeasurementResult };\n',
  'src/measure/render/csv.ts': "import type { MeasurementResult } from '../result-model.js';\nexport const csv = (r: MeasurementResult): string => r.rows.join(',');\n",
  'src/measure/render/index.ts':
    "import { OUTPUT_FORMATS } from '../output-formats.js';\nimport type { RunOutput } from '../result-model.js';\nimport { csv } from './csv.js';\nexport const render = (o: RunOutput): string => (OUTPUT_FORMATS.length > 0 ? csv(o.result) : '');\n",
  'src/measure/run.ts': "import type { RunOutput } from './result-model.js';\nexport const run = (): RunOutput => ({ kind: 'result', result: { rows: [] } });\n",
};

describe('measure/ rules', () => {
  it('pass renderers that read the result and the format registry', () => expectAllowed(ALLOWED), 120_000);

  it('refuse a renderer importing the run (also for a type) and a registry importing anything', async () => {
    const files = {
      ...ALLOWED,
      'src/measure/render/climbs.ts': "import type { RunOutput } from '../run.js';\nimport { run } from '../run.js';\nexport const up = (): RunOutput => run();\n",
      'src/measure/render/checks.ts': "import { OUTPUT_FORMATS } from '../output-formats.js';\nimport { first } from '../spec.js';\nexport const checked = first(OUTPUT_FORMATS);\n",
      'src/measure/spec.ts': 'export const first = (xs: string[]): string | undefined => xs[0];\n',
      'src/measure/output-formats.ts': "import type { MeasurementResult } from './result-model.js';\nexport const OUTPUT_FORMATS = ['table', 'csv'];\nexport type R = MeasurementResult;\n",
    };
    await expectRefused(files, [
      ['measure-render-below-measure', 'src/measure/render/climbs.ts', 'src/measure/run.ts'],
      ['measure-render-below-measure', 'src/measure/render/checks.ts', 'src/measure/spec.ts'],
      ['measure-formats-import-nothing', 'src/measure/output-formats.ts', 'src/measure/result-model.ts'],
    ]);
  }, 120_000);
});
