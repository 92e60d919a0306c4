// The build removes what tsc left in dist/ and .types/ from modules that are gone from src/, and
// keeps every file a source still emits and the validators the build scripts write (`.cjs`).

import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const SCRIPT = join(import.meta.dirname, '..', '..', 'scripts', 'prune-dist.mjs');

function files(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .map((e) => join(e.parentPath, e.name).slice(dir.length + 1) + (e.isDirectory() ? '/' : ''))
    .sort();
}

function tree(root: string, paths: readonly string[]): void {
  for (const path of paths) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), '');
  }
}

describe('scripts/prune-dist.mjs', () => {
  it('removes the output of modules that are gone, and empty folders they leave', () => {
    const root = mkdtempSync(join(tmpdir(), 'emctl-prune-'));
    tree(root, [
      'src/core/kept.ts',
      'src/core/kinds/team/index.ts',
      'dist/core/kept.js',
      'dist/core/kept.js.map',
      'dist/core/moved.js',
      'dist/core/moved.js.map',
      'dist/core/kinds/team/index.js',
      'dist/config/emctl-schema-validator.cjs',
      'dist/old-room/gone.js',
      '.types/core/kept.d.ts',
      '.types/core/moved.d.ts',
      '.types/old-room/gone.d.ts',
    ]);
    const out = execFileSync(process.execPath, [SCRIPT, root], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    expect(out).toBe('');
    expect(files(join(root, 'dist'))).toEqual([
      'config/',
      'config/emctl-schema-validator.cjs',
      'core/',
      'core/kept.js',
      'core/kept.js.map',
      'core/kinds/',
      'core/kinds/team/',
      'core/kinds/team/index.js',
    ]);
    expect(files(join(root, '.types'))).toEqual(['core/', 'core/kept.d.ts']);
  });

  it('leaves a tree with nothing stale as it is', () => {
    const root = mkdtempSync(join(tmpdir(), 'emctl-prune-'));
    tree(root, ['src/a.ts', 'dist/a.js', 'dist/a.js.map', '.types/a.d.ts']);
    execFileSync(process.execPath, [SCRIPT, root]);
    expect(files(join(root, 'dist'))).toEqual(['a.js', 'a.js.map']);
    expect(files(join(root, '.types'))).toEqual(['a.d.ts']);
  });
});
