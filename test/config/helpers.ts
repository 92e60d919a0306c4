// Writes inline YAML configs to a fresh temp directory for loader and CLI tests, and runs the
// invalid-config tables.

import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { expect, test } from 'vitest';
import { formatDiagnostic, loadConfig } from '../../src/config/index.js';
import { CONFIG_CHECKS } from '../../src/workflows/config-checks.js';

/** Writes `files` (relative path -> text) under a new temp dir and returns the dir. */
export function writeFiles(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'emctl-config-'));
  for (const [name, text] of Object.entries(files)) {
    const path = join(dir, name);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
  }
  return dir;
}

/** Strips the common indentation of a template literal, so configs can be written indented. */
export function yaml(strings: TemplateStringsArray, ...values: unknown[]): string {
  const text = strings.reduce((acc, s, i) => acc + s + (i < values.length ? String(values[i]) : ''), '');
  const lines = text.replace(/^\n/, '').split('\n');
  const indent = Math.min(...lines.filter((l) => l.trim() !== '').map((l) => /^ */.exec(l)?.[0].length ?? 0));
  return lines.map((l) => l.slice(indent)).join('\n');
}

/** One invalid config: its name, the text of emctl.yaml, and every diagnostic exactly as printed. */
export type InvalidCase = [name: string, yaml: string, expected: string[]];

/**
 * Each case written as emctl.yaml and loaded: the diagnostics are exactly the expected lines
 * (file:line:column and message), and a config comes back only when none is an error.
 */
export function testInvalidConfigs(cases: readonly InvalidCase[]): void {
  test.each(cases)('%s', async (_name, text, expected) => {
    const dir = writeFiles({ 'emctl.yaml': text });
    const result = await loadConfig(`${dir}/emctl.yaml`, CONFIG_CHECKS);
    const shown = result.diagnostics.map((d) => formatDiagnostic({ ...d, file: basename(d.file) }));
    expect(shown).toEqual(expected);
    const hasError = result.diagnostics.some((d) => d.severity === 'error');
    expect(result.config === undefined).toBe(hasError);
  });
}
