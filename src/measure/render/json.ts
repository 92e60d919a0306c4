// `--format json`: the API's own array shape, `[{after, before, metrics: [row, ...]}]`, so anything
// that reads the service's answer reads this too; emctl adds the group's name to each row under the
// grouping's name column (`team_name`, ...; null when emctl does not know it), or under `name` when
// the grouping has no name column but emctl knows names for it. Every element is kept,
// an empty roll-up bucket as `metrics: []`, like the service. No data at all is `[]`.

import { jsonWithBidiEscaped } from '../../core/escape.js';
import type { MeasurementResult } from '../result-model.js';
import { hasNames } from './rows.js';

type JsonRow = Record<string, number | string | null>;

export function renderMeasurementsJson(result: MeasurementResult): string {
  if (result.noData) return '[]\n';
  const nameColumn = result.nameColumn ?? (hasNames(result) ? 'name' : undefined);
  const elements = result.elements.map((element) => ({
    after: element.after,
    before: element.before,
    metrics: element.rows.map((row) => {
      const out: JsonRow = { [result.groupKey]: row.group };
      if (nameColumn !== undefined) out[nameColumn] = row.name ?? null;
      for (const metric of result.metrics) {
        // A key the service left out stays out (it means "not given"); null stays null.
        if (Object.hasOwn(row.values, metric.key)) out[metric.key] = row.values[metric.key] ?? null;
      }
      return out;
    }),
  }));
  return `${jsonWithBidiEscaped(JSON.stringify(elements, null, 2))}\n`;
}
