// Each database driver is loaded only when its engine is used (DESIGN.md §10): better-sqlite3
// (a native module), its WebAssembly stand-in node-sqlite3-wasm and pg are imported by value only in their engine file, and the engine files,
// the writer and the reader only through import(), so no other command, and no measurement to a
// file, loads them. Checked on the sources: a static import anywhere would break it.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../../../src', import.meta.url));

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith('.ts') ? [path] : [];
  });
}

/** Static value imports (`import x from`, `import { x } from`, `export ... from`), not `import type`. */
function staticImports(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/^(?:import|export)\s+(?!type\b)[^;]*?from\s+'([^']+)'/gms)) out.push(m[1] as string);
  return out;
}

describe('database drivers load only with their engine', () => {
  const sources = files(SRC).map((path) => ({ path: relative(SRC, path), imports: staticImports(readFileSync(path, 'utf8')) }));

  it('better-sqlite3, node-sqlite3-wasm and pg are imported by value nowhere (their engine files use import())', () => {
    const offenders = sources.filter((s) => s.imports.some((i) => i === 'better-sqlite3' || i === 'node-sqlite3-wasm' || i === 'pg'));
    expect(offenders.map((s) => s.path)).toEqual([]);
  });

  it('the engines, the writer and the reader are reached only through import()', () => {
    // The writer, the reader and the check before a run may import open.ts, which itself imports the
    // engines lazily.
    const lazy = new Set(['measure/store/sqlite.ts', 'measure/store/sqlite-wasm.ts', 'measure/store/postgres.ts', 'measure/store/write.ts', 'measure/store/read.ts', 'measure/store/check.ts', 'measure/store/open.ts']);
    const allowed = new Set(['measure/store/write.ts', 'measure/store/read.ts', 'measure/store/check.ts']);
    const offenders: string[] = [];
    for (const s of sources) {
      for (const i of s.imports) {
        if (!i.startsWith('.')) continue;
        const target = relative(SRC, join(SRC, s.path, '..', i)).replace(/\.js$/, '.ts');
        const through = (allowed.has(s.path) && target === 'measure/store/open.ts');
        if (lazy.has(target) && !through) offenders.push(`${s.path} -> ${target}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
