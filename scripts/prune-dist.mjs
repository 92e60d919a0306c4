// Removes what a build left in dist/ (and the declarations in .types/) from a module that is no
// longer in src/: tsc writes every module it compiles but never deletes one, so a moved or deleted
// module would stay importable in a developer's build and be packed into the tarball. Files a
// build script writes itself (the precompiled validators, `.cjs`) have no source and are kept.
//
// Usage: node scripts/prune-dist.mjs [root]   (root defaults to the package's directory)

import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = process.argv[2] ?? fileURLToPath(new URL('..', import.meta.url));

/** Emitted suffixes and the source each comes from (`a.js.map` comes from `a.ts`). */
const EMITTED = ['.js', '.js.map', '.d.ts', '.d.ts.map'];

function sourceOf(outDir, file) {
  const suffix = EMITTED.find((s) => file.endsWith(s));
  if (suffix === undefined) return undefined;
  return join(root, 'src', relative(outDir, file).slice(0, -suffix.length) + '.ts');
}

function prune(outDir) {
  if (!existsSync(outDir)) return 0;
  let removed = 0;
  for (const entry of readdirSync(outDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = join(entry.parentPath, entry.name);
    const source = sourceOf(outDir, file);
    if (source === undefined || existsSync(source)) continue;
    rmSync(file);
    removed++;
  }
  // Folders a moved room left empty go too (deepest first).
  const dirs = readdirSync(outDir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => join(e.parentPath, e.name))
    .sort((a, b) => b.length - a.length);
  for (const dir of dirs) if (readdirSync(dir).length === 0) rmSync(dir, { recursive: true });
  return removed;
}

const removed = prune(join(root, 'dist')) + prune(join(root, '.types'));
if (removed > 0) console.error(`prune-dist: removed ${removed} file${removed === 1 ? '' : 's'} whose source is gone`);
