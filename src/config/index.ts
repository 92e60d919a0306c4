// The config loader: files -> YAML with positions -> one merged document -> JSON Schema ->
// offline semantic checks -> the desired-state model. Every problem is collected and reported at
// once with file:line:column; the model is returned only when there is no error.

import { EmctlError } from '../contract/errors.js';
import type { DesiredConfig } from '../core/model.js';
import { absolutePath } from '../output/paths.js';
import type { ConfigChecks } from './checks.js';
import { buildModel } from './build-model.js';
import { boundDiagnostic, capPerFile, errorCount, formatDiagnostic, sortDiagnostics, type Diagnostic } from './yaml/diagnostics.js';
import { mergeFiles } from './merge.js';
import { parseConfigText } from './yaml/parse.js';
import { readConfigFiles, type ReadResult } from './read-files.js';
import { checkSchema, isConfigDocument } from './schema-check.js';
import { checkSemantics } from './semantic/index.js';
import { Placements, type PlacedRoot } from './yaml/source.js';
import { loadWork, resetLoadWork } from './yaml/work.js';

export { errorCount, formatDiagnostic, type Diagnostic } from './yaml/diagnostics.js';
export { loadWork, type LoadWork } from './yaml/work.js';

/** The config a command reads when -c is not given. */
const DEFAULT_CONFIG = 'emctl.yaml';

/** `-c PATH` relative to the working directory; ./emctl.yaml when not given. */
export function configPathIn(cwd: string, given: string | undefined): string {
  return absolutePath(cwd, given ?? DEFAULT_CONFIG);
}

/**
 * About DesiredConfig.sourceMap.locate(path): paths are the config's own (['teams', '42', 'pm',
 * 'tracker', 'boards', 0]); map keys as written (team ids and repository ids as strings); list
 * indices are the model's, whose identity lists are sorted, and are mapped back to the entry as
 * written. A path deeper than what was written locates its deepest written ancestor; for a
 * directory config the location is in the file that wrote it.
 */
export interface LoadResult {
  /** Present only when there is no error (warnings may accompany it). */
  config?: DesiredConfig;
  /** Every problem found, in file, line and column order. */
  diagnostics: Diagnostic[];
}

/** `shown`: a path as messages print it (the working directory's `shownPath`); as it is when absent. */
export async function loadConfig(pathOrDir: string, checks: ConfigChecks, shown?: (path: string) => string): Promise<LoadResult> {
  return loadConfigFromRead(await readConfigFiles(pathOrDir, shown), checks);
}

/**
 * The same checks for files already read (by path, or from elsewhere: `--changed-from` reads them
 * from git, named `REF:path`).
 */
export function loadConfigFromRead(read: ReadResult, checks: ConfigChecks): LoadResult {
  const diagnostics = [...read.diagnostics];
  const store = new Placements();
  const roots: PlacedRoot[] = [];
  resetLoadWork();
  for (const source of read.sources) {
    loadWork.textChars += source.text.length;
    const parsed = parseConfigText(source, store);
    appendAll(diagnostics, parsed.diagnostics);
    if (parsed.root) roots.push(parsed.root);
  }
  // A file that could not be read or parsed leaves nothing trustworthy to check further; problems
  // found while parsing (duplicate keys, reserved keys) do not stop the other checks.
  const unreadable = errorCount(read.diagnostics) > 0 || roots.length < read.sources.length;
  const merged = unreadable ? undefined : mergeFiles(roots, store, diagnostics);
  const schemaDiagnostics = merged ? checkSchema(merged, store) : [];
  appendAll(diagnostics, schemaDiagnostics);
  if (merged) appendAll(diagnostics, checkSemantics(merged, store, checks));
  const sorted = capPerFile(sortDiagnostics(diagnostics, read.files)).map(boundDiagnostic);
  if (!merged || errorCount(sorted) > 0 || !isConfigDocument(merged.value, schemaDiagnostics)) return { diagnostics: sorted };
  return { config: buildModel(merged.value, merged, store, read.files), diagnostics: sorted };
}

/** Not `push(...items)`, which passes every item as an argument: a file of 150,000 problems would overflow the stack. */
function appendAll<T>(into: T[], items: readonly T[]): void {
  // forEach, not for-of: until the loop is optimized, for-of makes an iterator result per item.
  items.forEach((item) => into.push(item));
}

/** Loads the config or throws EmctlError('config') listing every error as file:line:col: message. */
export async function loadConfigOrThrow(pathOrDir: string, checks: ConfigChecks, shown: (path: string) => string = (p) => p): Promise<DesiredConfig> {
  const read = await readConfigFiles(pathOrDir, shown);
  // No config there at all: one line that says so (the path as typed, once), not a located list.
  if (read.pathProblem !== undefined) throw new EmctlError('config', read.pathProblem.message);
  const result = loadConfigFromRead(read, checks);
  if (result.config) return result.config;
  const errors = result.diagnostics.filter((d) => d.severity === 'error').map((d) => ({ ...d, file: shown(d.file) }));
  const count = errorCount(errors);
  throw new EmctlError('config', `${count} ${count === 1 ? 'error' : 'errors'} in ${shown(pathOrDir)}`, errors.map(formatDiagnostic));
}
