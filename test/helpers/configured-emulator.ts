// One emulator for a whole test file, serving a fixture, with a config document written against
// that fixture saved as emctl.yaml: the set-up of the end-to-end request-count tests, which compare
// the emulator's log with a bound computed from the same document and fixture.

import { afterAll, beforeAll } from 'vitest';
import YAML from 'yaml';
import type { Fixture, RunningEmulator } from '../../src/emulator/index.js';
import { startTestEmulator, writeConfig } from './emulator.js';

export interface ConfiguredEmulator<Doc> {
  emulator: RunningEmulator;
  fixture: Fixture;
  doc: Doc;
  /** emctl.yaml, alone in a fresh temp directory (a test may make that directory a git repository). */
  configPath: string;
}

/**
 * Registers the file's beforeAll (make the fixture, start the emulator on it, write the document
 * made from it) and afterAll (close the emulator). The fields are set once beforeAll has run.
 */
export function useConfiguredEmulator<Doc>(fixtureOf: () => Fixture, docOf: (fixture: Fixture) => Doc): ConfiguredEmulator<Doc> {
  const org: Partial<ConfiguredEmulator<Doc>> = {};
  beforeAll(async () => {
    const fixture = fixtureOf();
    const doc = docOf(fixture);
    Object.assign(org, { fixture, doc, emulator: await startTestEmulator(fixture), configPath: await writeConfig(YAML.stringify(doc)) });
  });
  afterAll(async () => {
    await org.emulator?.close();
  });
  return org as ConfiguredEmulator<Doc>;
}
