// @ts-check
// The benchmarks' one way into emctl's internals: src/cli/bench-surface.ts, as `npm run build`
// writes it to dist/, a loader per module. Its types are the declarations the same build writes to
// .types/, so `npm run typecheck` fails when a room moves or renames what a benchmark uses,
// instead of the benchmark failing when it next runs. Nothing is loaded until a benchmark calls a
// loader.

import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** @typedef {typeof import('../.types/cli/bench-surface.js')} Surface */
/** @typedef {import('../.types/cli/bench-surface.js').DesiredConfig} DesiredConfig */
/** @typedef {import('../.types/cli/bench-surface.js').LiveSnapshot} LiveSnapshot */
/** @typedef {import('../.types/cli/bench-surface.js').MeasurementResult} MeasurementResult */
/** @typedef {import('../.types/cli/bench-surface.js').Fixture} Fixture */
/** @typedef {import('../.types/cli/bench-surface.js').MeasurementQuery} MeasurementQuery */
/** @typedef {import('../.types/cli/bench-surface.js').EmulatorRequestLogEntry} EmulatorRequestLogEntry */

/** The build in dist/ beside this checkout, as a file URL ending in '/'. */
export const DIST = new URL('../dist/', import.meta.url).href;

/** @type {{ bin: { emctl: string } }} */
const PACKAGE = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

/** The emctl executable of this checkout, as package.json's `bin` names it (an absolute path). */
export const BIN = fileURLToPath(new URL(`../${PACKAGE.bin.emctl}`, import.meta.url));

/** Where the surface sits in a build. */
export const SURFACE = 'cli/bench-surface.js';

/** @type {Surface} */
export const surface = await import(`${DIST}${SURFACE}`);

/**
 * A build given by path (`BENCH_DIST=/other/dist`: another commit, to compare before and after),
 * as a file URL ending in '/'; this checkout's when `path` is not given.
 * @param {string | undefined} path
 */
export function distAt(path) {
  return path ? pathToFileURL(path.replace(/\/?$/, '/')).href : DIST;
}

/** @typedef {Pick<Surface, 'program' | 'emulator' | 'client' | 'readOnlyClient' | 'exportRead'>} ComparedSurface */

/**
 * What a before/after comparison loads from the build at `dist` (a URL from distAt): its surface,
 * or for a build made before the surface existed, the modules that held the same then.
 * @param {string} dist
 * @returns {Promise<ComparedSurface>}
 */
export async function surfaceAt(dist) {
  if (dist === DIST) return surface;
  if (existsSync(fileURLToPath(`${dist}${SURFACE}`))) return import(`${dist}${SURFACE}`);
  /** @param {string} path */
  const at = (path) => () => import(`${dist}${path}`);
  return { program: at('cli/program.js'), emulator: at('emulator/index.js'), client: at('api/client.js'), readOnlyClient: at('api/read-only-client.js'), exportRead: at('export/read.js') };
}
