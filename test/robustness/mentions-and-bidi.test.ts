// Names are data, not instructions to the page or the terminal that shows them (DESIGN 8): in the
// Markdown digest posted to an issue, `@everyone`, `@acme/security` and a bare URL stay text (no
// notification, no link: a zero-width space, as Dependabot and Renovate do); a right-to-left
// override (U+202E) is escaped in text and Markdown, and written as its \u escape in JSON (the same
// data). The real CLI against the emulator, under a fake clock (W3 judged).

import { describe, expect, it } from 'vitest';
import { GOALS_FIXTURE, WEDNESDAY } from '../helpers/goals-fixture.js';
import { tempDir, writeConfig } from '../helpers/emulator.js';
import { emctlAgainst, fixtureEmulator } from '../helpers/measure-e2e.js';

const emulator = fixtureEmulator(GOALS_FIXTURE);
const RLO = '\u202e';

// Payments (42) misses review-speed; 45 and 46 have no data: all three are named in the digest.
const CONFIG = `version: 1
teams:
  42: { name: "Hi @everyone see https://evil.example/pay and www.evil.example" }
  43: { name: Search }
  44: { name: Idle }
  45: { name: "Sec @acme/security" }
  46: { name: "invoice${RLO}fdp.exe" }
goals:
  review-speed:
    metric: branch.time_to_review:p75
    at_most: 1d
    group_by: team
    teams: managed
`;

async function goals(format: string) {
  const path = await writeConfig(CONFIG, await tempDir('emctl-mentions-'));
  const r = await emctlAgainst(emulator, ['goals', '-c', path, '--format', format], { now: WEDNESDAY });
  expect(r.code, r.stderr).toBe(2);
  return r.stdout;
}

/** Mentions and links as GitHub finds them: `@` then a name, a scheme's `://`, `www.`. */
const LIVE = [/@everyone/, /@acme\/security/, /https:\/\//, /www\./];

describe('names in goal outputs', () => {
  it('the Markdown digest names them without a mention, a link or an override', async () => {
    const markdown = await goals('markdown');
    for (const live of LIVE) expect(markdown).not.toMatch(live);
    expect(markdown).toContain('@&#8203;everyone see https&#8203;://evil.example/pay and www&#8203;.evil.example (42)');
    expect(markdown).toContain('@&#8203;acme/security (45)');
    expect(markdown).not.toContain(RLO);
    // The escape's backslash is escaped in turn, so GitHub shows `invoice\u202efdp.exe`.
    expect(markdown).toContain('invoice\\\\u202efdp.exe (46)');
  });

  it('text escapes the override and keeps the rest as written', async () => {
    const text = await goals('text');
    expect(text).not.toContain(RLO);
    expect(text).toContain('invoice\\u202efdp.exe (46)');
    expect(text).toContain('@everyone see https://evil.example/pay and www.evil.example (42)');
  });

  it('JSON writes the override as its \\u escape: the same name for a reader', async () => {
    const json = await goals('json');
    expect(json).not.toContain(RLO);
    const doc = JSON.parse(json) as { goals: { groups: { id: number; name: string }[] }[] };
    expect(doc.goals[0]?.groups.find((g) => g.id === 46)?.name).toBe(`invoice${RLO}fdp.exe`);
  });
});

describe('the override in the other JSON outputs', () => {
  it('validate --format json names a config key holding it with the override escaped', async () => {
    const path = await writeConfig(`version: 1\n"invoice${RLO}fdp": 1\n`, await tempDir('emctl-bidi-validate-'));
    const r = await emctlAgainst(emulator, ['validate', '-c', path, '--format', 'json'], { now: WEDNESDAY });
    expect(r.code).toBe(1);
    expect(r.stdout).not.toContain(RLO);
    expect(r.stdout).toContain('\\u202e');
    expect((JSON.parse(r.stdout) as { diagnostics: { message: string }[] }).diagnostics[0]?.message).toBe('unknown key `invoice\\u202efdp` in the top level');
  });
});
