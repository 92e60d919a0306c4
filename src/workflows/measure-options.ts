// The options of `emctl measurements`, shared by the run (measure.ts) and the store's side of it
// (measure-store.ts).

import type { RequestFlags } from '../measure/flags.js';

export interface MeasurementsOptions extends RequestFlags {
  config?: string;
  all?: boolean;
  serverExport?: boolean;
  api: string;
  from?: string;
}
