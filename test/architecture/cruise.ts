// A throwaway source tree cruised with the project's own .dependency-cruiser.cjs: what the
// architecture tests use to prove that a rule refuses what it should.

import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'vitest';
import { tempDir } from '../helpers/emulator.js';

const ROOT = resolve(import.meta.dirname, '../..');
export const CONFIG = join(ROOT, '.dependency-cruiser.cjs');
const DEPCRUISE = join(ROOT, 'node_modules/.bin/depcruise');

/** Writes `files` (path -> text) into a fresh directory with a tsconfig; returns the directory. */
export async function tree(files: Record<string, string>): Promise<string> {
  const dir = await tempDir('rooms-');
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext', strict: true } }));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

/** depcruise over `dir/src` with the project's rules: its exit code and what it printed. */
export async function cruise(dir: string): Promise<{ code: number; output: string }> {
  try {
    const { stdout } = await promisify(execFile)(DEPCRUISE, ['src', '--config', CONFIG, '--output-type', 'err'], { cwd: dir });
    return { code: 0, output: stdout };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

/**
 * Asserts that the rules refuse a tree of `files`, naming each of `refusals` as depcruise prints
 * it, `rule: from → to` (a cycle's `to` left out: only its first step is certain).
 */
export async function expectRefused(files: Record<string, string>, refusals: readonly (readonly [rule: string, from: string, to?: string])[]): Promise<void> {
  const result = await cruise(await tree(files));
  expect(result.code).not.toBe(0);
  for (const [rule, from, to = ''] of refusals) expect(result.output, rule).toContain(`${rule}: ${from} → ${to}`);
}

/** Asserts that the rules find nothing to refuse in a tree of `files`. */
export async function expectAllowed(files: Record<string, string>): Promise<void> {
  const result = await cruise(await tree(files));
  expect(result.output).toContain('no dependency violations found');
  expect(result.code).toBe(0);
}
