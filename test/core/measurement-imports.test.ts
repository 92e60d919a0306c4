// The request checks live in core because config/semantic (validate) and measure both use them:
// they must stay free of I/O modules and of every room above core.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const FILES = ['spec', 'window', 'output', 'selection', 'problem'].map((part) => `src/core/measurement-${part}.ts`);

function importsOf(path: string): string[] {
  const text = readFileSync(path, 'utf8');
  return [...text.matchAll(/^import[^;]*?from '([^']+)'/gms)].map((m) => m[1] ?? '');
}

describe('measurement request checks in core', () => {
  it.each(FILES)('%s imports only core and api', (path) => {
    const imports = importsOf(path);
    expect(imports.length).toBeGreaterThan(0);
    const bad = imports.filter((i) => !(i.startsWith('./') || i.startsWith('../api/')));
    expect(bad).toEqual([]);
  });

  it('config/semantic imports them from core, not from measure', () => {
    const imports = importsOf('src/config/semantic/reports.ts');
    expect(imports.filter((i) => i.includes('/measure/'))).toEqual([]);
    expect(imports).toContain('../../core/measurement-spec.js');
  });
});
