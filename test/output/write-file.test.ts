// writeFileAtomically, the one temp-file-and-rename write behind `plan --out` and `export --out`/--split:
// the helper on a real file system, then both commands through the real CLI against the real emulator.

import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempPathFor, writeFileAtomically } from '../../src/output/write-file.js';
import { EmctlError } from '../../src/contract/errors.js';
import { startService, tempDir, type TestService } from '../export/helpers.js';
import { ACME_IN_SYNC } from '../helpers/acme-configs.js';

/** Files in `dir` that a write left behind (hidden temporary files). */
function leftovers(dir: string): string[] {
  return readdirSync(dir).filter((n) => n.endsWith('.tmp'));
}

describe('writeFileAtomically', () => {
  it('writes the text, replacing what was there, and leaves no temporary file', async () => {
    const dir = tempDir('write');
    const path = join(dir, 'out.yaml');
    writeFileSync(path, 'old\n');
    await writeFileAtomically(path, 'new\n');
    expect(readFileSync(path, 'utf8')).toBe('new\n');
    expect(readdirSync(dir)).toEqual(['out.yaml']);
  });

  it('gives a new file the mode asked for', async () => {
    const path = join(tempDir('write'), 'plan.json');
    await writeFileAtomically(path, '{}\n', { mode: 0o600 });
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });

  it('creates the directory only when asked', async () => {
    const dir = tempDir('write');
    const path = join(dir, 'a', 'b', 'out.yaml');
    const refused = (await writeFileAtomically(path, 'x').catch((e: unknown) => e)) as EmctlError;
    expect(refused).toBeInstanceOf(EmctlError);
    expect(refused.message).toBe(`cannot write ${path}: the directory ${join(dir, 'a', 'b')} does not exist`);
    await writeFileAtomically(path, 'x', { createDirectory: true });
    expect(readFileSync(path, 'utf8')).toBe('x');
  });

  it('removes its temporary file when the rename fails, and leaves the target as it was', async () => {
    const dir = tempDir('write');
    const target = join(dir, 'taken');
    mkdirSync(target);
    writeFileSync(join(target, 'inside'), 'kept');
    const error = (await writeFileAtomically(target, 'text', { name: 'the plan file taken' }).catch((e: unknown) => e)) as EmctlError;
    expect(error).toBeInstanceOf(EmctlError);
    expect(error.kind).toBe('config');
    expect(error.message).toMatch(/^cannot write the plan file taken: (a directory is in the way|permission denied)$/);
    expect(leftovers(dir)).toEqual([]);
    expect(readFileSync(join(target, 'inside'), 'utf8')).toBe('kept');
  });

  it('uses a hidden temporary file next to the target, a new name on every call', () => {
    const dir = tempDir('write');
    const path = join(dir, 'out.yaml');
    const temp = tempPathFor(path);
    expect(temp.startsWith(join(dir, '.out.yaml.'))).toBe(true);
    expect(temp.endsWith('.tmp')).toBe(true);
    expect(tempPathFor(path)).not.toBe(temp);
  });
});

describe('through the CLI', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startService();
  });
  afterAll(async () => {
    await service.close();
  });

  it('plan --out onto a directory: exit 1 naming the plan file, no temporary file left', async () => {
    const dir = tempDir('plan-out');
    const config = join(dir, 'emctl.yaml');
    writeFileSync(config, ACME_IN_SYNC);
    mkdirSync(join(dir, 'plan.json'));
    const r = await service.emctl(['plan', '-c', config, '--out', 'plan.json'], dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/cannot write the plan file plan\.json: (a directory is in the way|permission denied)/);
    expect(leftovers(dir)).toEqual([]);
  });

  it('plan --out writes the plan readable by its owner only', async () => {
    const dir = tempDir('plan-out');
    const config = join(dir, 'emctl.yaml');
    writeFileSync(config, ACME_IN_SYNC);
    const r = await service.emctl(['plan', '-c', config, '--out', 'plan.json'], dir);
    expect(r.code).toBe(0);
    expect(statSync(join(dir, 'plan.json')).mode & 0o777).toBe(0o600);
    expect(leftovers(dir)).toEqual([]);
  });

  it('export --out onto a directory: exit 1 naming the path, no temporary file left', async () => {
    const dir = tempDir('export-out');
    mkdirSync(join(dir, 'emctl.yaml'));
    const r = await service.emctl(['export', '--out', join(dir, 'emctl.yaml')]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`cannot write ${join(dir, 'emctl.yaml')}: `);
    expect(leftovers(dir)).toEqual([]);
  });

  it('export --split creates the directory and leaves no temporary file', async () => {
    const dir = join(tempDir('export-split'), 'config');
    const r = await service.emctl(['export', '--split', dir]);
    expect(r.code).toBe(0);
    expect(readdirSync(dir).sort()).toEqual(readdirSync(dir).filter((n) => n.endsWith('.yaml') && !n.startsWith('.')).sort());
    expect(readdirSync(dir)).toContain('integrations.yaml');
  });
});
