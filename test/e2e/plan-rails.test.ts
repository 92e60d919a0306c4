// The plan shows the safety rails apply would refuse it on (DESIGN.md §3), with their figures and
// the --force hint, in every format; plan --detailed-exitcode still exits 2, and apply refuses
// (exit 3) with the same figures.

import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runEmctl } from '../helpers/cli.js';

const ROOT = join(import.meta.dirname, '..', '..');

/** The Acme example with rails that its plan trips: one deselect over a count of 0, a protected team. */
function railedConfig(): string {
  const dir = mkdtempSync(join(tmpdir(), 'emctl-rails-'));
  const text = readFileSync(join(ROOT, 'examples/acme/emctl.yaml'), 'utf8')
    .replace('    deselect: { count: 2 }', '    deselect: { count: 0 }')
    .replace('    - team["Payments"]\n', '    - team["Payments"]\n    - team["Growth"]\n');
  const path = join(dir, 'emctl.yaml');
  writeFileSync(path, text);
  return path;
}

const RAILS = [
  'would deselect 1 entity; the limit is 0',
  'team["Growth"].pm.tracker.boards is protected (protected: team["Growth"])',
  'team["Growth"].pm.tracker.labels is protected (protected: team["Growth"])',
];

describe('rails in the plan', () => {
  const config = railedConfig();
  const plan = (...extra: string[]) => runEmctl(['--emulator', 'default', 'plan', '-c', config, '--detailed-exitcode', ...extra]);

  it('text: a block naming each rail with its figures and the --force hint; exit 2 still', async () => {
    const r = await plan();
    expect(r.code, r.stderr).toBe(2);
    expect(r.stdout).toContain('Safety rails (3): apply will refuse this plan (exit 3) and write nothing; review the plan, then pass --force to apply it anyway.');
    for (const rail of RAILS) expect(r.stdout).toContain(`  ${rail}\n`);
  });

  it('JSON: safety_refusals with the figures', async () => {
    const r = await plan('--format', 'json');
    expect(r.code, r.stderr).toBe(2);
    const json = JSON.parse(r.stdout) as { safety_refusals: Record<string, unknown>[] };
    expect(json.safety_refusals).toEqual([
      { rail: 'threshold', kind: 'deselect', count: 1, total: expect.any(Number), limit_count: 0, message: RAILS[0] },
      { rail: 'protected', address: 'team["Growth"].pm.tracker.boards', protected: 'team["Growth"]', message: RAILS[1] },
      { rail: 'protected', address: 'team["Growth"].pm.tracker.labels', protected: 'team["Growth"]', message: RAILS[2] },
    ]);
  });

  it('Markdown: right under the summary, before the changes', async () => {
    const r = await plan('--format', 'markdown');
    expect(r.code, r.stderr).toBe(2);
    const at = r.stdout.indexOf('### :no_entry: Safety rails (3): apply will refuse this plan (exit 3)');
    expect(at).toBeGreaterThan(0);
    expect(at).toBeLessThan(r.stdout.indexOf('<details>'));
    expect(r.stdout).toContain('pass --force to apply it anyway');
    expect(r.stdout).toContain('would deselect 1 entity; the limit is 0');
  });

  it('apply refuses with exit 3 and the same figures; a plan without rails shows no block', async () => {
    const r = await runEmctl(['--emulator', 'default', 'apply', '-c', config, '--auto-approve']);
    expect(r.code).toBe(3);
    for (const rail of RAILS) expect(r.stderr).toContain(rail);
    const plain = await runEmctl(['--emulator', 'default', 'plan', '-c', join(ROOT, 'examples/acme/emctl.yaml')]);
    expect(plain.code).toBe(0);
    expect(plain.stdout).not.toContain('Safety rails');
  });
});
