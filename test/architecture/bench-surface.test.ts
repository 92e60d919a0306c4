// The benchmarks are code too: each is checked by TypeScript (`// @ts-check`, bench/tsconfig.json,
// run by `npm run typecheck`) and reaches emctl's internals only through bench/surface.mjs, whose
// types are src/cli/bench-surface.ts. So a room that moves breaks the typecheck, not a benchmark
// the next time it runs; this proves the check bites.

import { execFile } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, test } from 'vitest';
import { tempDir } from '../helpers/emulator.js';

const ROOT = resolve(import.meta.dirname, '../..');
const BENCH = join(ROOT, 'bench');
const benches = readdirSync(BENCH).filter((f) => f.endsWith('.mjs'));

/** The file without its comments: what it names in code. */
const code = (text: string): string => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

describe('the benchmarks', () => {
  test('are all checked by TypeScript', () => {
    expect(benches.length).toBeGreaterThan(15);
    expect(benches.filter((f) => !readFileSync(join(BENCH, f), 'utf8').startsWith('// @ts-check\n'))).toEqual([]);
    const tsconfig = readFileSync(join(BENCH, 'tsconfig.json'), 'utf8');
    expect(tsconfig).toContain('"include": ["*.mjs"]');
    const scripts = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts.typecheck).toContain('tsc -p bench/tsconfig.json --noEmit');
    expect(scripts.test).toContain('npm run typecheck');
  });

  test('name no module of dist/ but through bench/surface.mjs', () => {
    const naming = benches.filter((f) => f !== 'surface.mjs' && /\bdist\/[\w./-]*\.js\b|from '\.\.\/(?:dist|src)\//.test(code(readFileSync(join(BENCH, f), 'utf8'))));
    expect(naming).toEqual([]);
  });

  test('every `npm run bench:*` script runs a checked benchmark', () => {
    const scripts = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    const run = Object.entries(scripts)
      .filter(([name]) => name.startsWith('bench:'))
      .map(([name, script]) => [name, /node (bench\/[\w-]+\.mjs)/.exec(script)?.[1]]);
    expect(run.length).toBeGreaterThanOrEqual(15);
    expect(run.filter(([, file]) => file === undefined || !benches.includes(file.slice('bench/'.length)))).toEqual([]);
  });

  test('the typecheck refuses a benchmark that uses what the surface does not have', { timeout: 120_000 }, async () => {
    const dir = await tempDir('bench-check-');
    const surface = JSON.stringify(join(BENCH, 'surface.mjs'));
    writeFileSync(join(dir, 'good.mjs'), `// @ts-check\nimport { surface } from ${surface};\nconst { runCli } = await surface.program();\nexport const code = runCli;\n`);
    writeFileSync(join(dir, 'moved.mjs'), `// @ts-check\nimport { surface } from ${surface};\nexport const gone = await surface.planBuilder();\n`);
    writeFileSync(join(dir, 'renamed.mjs'), `// @ts-check\nimport { surface } from ${surface};\nconst { runCommandLine } = await surface.program();\nexport const code = runCommandLine;\n`);
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ extends: join(BENCH, 'tsconfig.json'), compilerOptions: { rootDir: '/', typeRoots: [join(ROOT, 'node_modules/@types')] }, include: [join(dir, '*.mjs')] }));
    const tsc = join(ROOT, 'node_modules/.bin/tsc');
    const output = await promisify(execFile)(tsc, ['-p', join(dir, 'tsconfig.json'), '--noEmit'], { cwd: ROOT }).then(
      (r) => r.stdout,
      (error: { stdout: string }) => error.stdout,
    );
    const errors = output.split('\n').filter((line) => line.includes('error TS'));
    expect(errors.some((e) => e.includes('good.mjs'))).toBe(false);
    expect(errors.some((e) => e.includes('moved.mjs') && e.includes("'planBuilder'"))).toBe(true);
    expect(errors.some((e) => e.includes('renamed.mjs') && e.includes("'runCommandLine'"))).toBe(true);
  });
});
