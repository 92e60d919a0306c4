// What the benchmarks (bench/*.mjs) reach inside emctl for, in one place: a loader per module, so
// a benchmark loads only what it uses (its figures stay its own) and loading this file loads
// nothing. bench/surface.mjs loads it from dist/ and takes its types from here, so a room that
// moves, or renames what a benchmark uses, breaks `npm run typecheck` instead of the benchmark the
// next time it runs. It sits in cli/, the top room, the one that may import every other.

export const program = () => import('./program.js');
export const configChecks = () => import('../workflows/config-checks.js');
export const client = () => import('../api/client.js');
export const readOnlyClient = () => import('../api/read-only-client.js');
export const config = () => import('../config/index.js');
export const configAtRef = () => import('../config/at-git-ref.js');
export const corePlan = () => import('../core/plan.js');
export const changedObjects = () => import('../core/changed-objects.js');
export const rules = () => import('../core/rules.js');
export const readLive = () => import('../state/read-live.js');
export const earlyReachability = () => import('../state/early-reachability.js');
export const readRecords = () => import('../state/read-records.js');
export const makePlan = () => import('../plan/make.js');
export const planJson = () => import('../render/json.js');
export const applyStale = () => import('../apply/stale.js');
export const exportRead = () => import('../export/read.js');
export const measureRender = () => import('../measure/render/index.js');
export const measureTable = () => import('../measure/render/table.js');
export const measureChart = () => import('../measure/render/chart.js');
export const measureHtml = () => import('../measure/render/html.js');
export const storeCheck = () => import('../measure/store/check.js');
export const storeOpen = () => import('../measure/store/open.js');
export const storeRows = () => import('../measure/store/rows.js');
export const storeSchema = () => import('../measure/store/schema.js');
export const storeSql = () => import('../measure/store/sql.js');
export const storeWrite = () => import('../measure/store/write.js');
export const emulator = () => import('../emulator/index.js');
export const emulatorMetrics = () => import('../emulator/metrics/index.js');
export const emulatorState = () => import('../emulator/fixture/state.js');
export const emulatorGenerate = () => import('../emulator/fixture/generate.js');

// The types of what the benchmarks build by hand and pass in.
export type { EmulatorRequestLogEntry } from '../contract/types.js';
export type { DesiredConfig } from '../core/model.js';
export type { LiveSnapshot } from '../core/snapshot.js';
export type { MeasurementResult } from '../measure/result-model.js';
export type { Fixture } from '../emulator/fixture/types.js';
export type { MeasurementQuery } from '../emulator/metrics/types.js';
