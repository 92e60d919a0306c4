// Types of query-defaults.mjs (plain JavaScript, shared with bench/metrics-engine.mjs).
import type { MeasurementQuery } from '../../../src/emulator/metrics/types.js';

export function queryDefaults(): Omit<MeasurementQuery, 'metrics' | 'timeRanges'>;
