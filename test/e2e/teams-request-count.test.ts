// What a plan of teams costs (DESIGN 14): the team list, members inline (ceil(T/50) calls, the
// service's own two teams included), and, only when a `members:` names someone by email, the
// contributors (ceil(U/50)); nothing per team. The emulator's request log is compared with the
// bound computed here from the generated organization alone.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateFixture } from '../../src/emulator/fixture/generate.js';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { runEmctl } from '../helpers/cli.js';
import { against, apiRequests, startTestEmulator, TEST_KEY, writeConfig } from '../helpers/emulator.js';
import { pages } from '../helpers/read-bound.js';

const TEAMS = 120;
const CONTRIBUTORS = 300;
const LIST_PAGE = 50;

let emulator: RunningEmulator;
let listed: { id: number; name: string; contributors: { id: number; email: string }[] }[];

beforeAll(async () => {
  emulator = await startTestEmulator(generateFixture({ repos: 20, teams: TEAMS, boards: 5, contributors: CONTRIBUTORS, seed: 3 }));
  const answer = await fetch(`${emulator.url}/api/v2/teams?page_size=50&offset=0`, { headers: { 'x-api-key': TEST_KEY } });
  const first = (await answer.json()) as { total: number; items: typeof listed };
  listed = first.items.filter((t) => t.name.startsWith('Team '));
});
afterAll(async () => {
  await emulator.close();
});

async function planCount(config: string): Promise<Record<string, number>> {
  await fetch(`${emulator.url}/_emulator/reset`, { method: 'POST', headers: { 'x-api-key': TEST_KEY } });
  const before = (await apiRequests(emulator.url)).length;
  const { args, env } = against(emulator);
  const r = await runEmctl([...args, 'plan', '-c', await writeConfig(config)], { env });
  expect(r.code, r.stdout + r.stderr).toBe(0);
  const counts: Record<string, number> = {};
  for (const q of (await apiRequests(emulator.url)).slice(before)) counts[`${q.method} ${q.path}`] = (counts[`${q.method} ${q.path}`] ?? 0) + 1;
  return counts;
}

describe('the reads of a team plan', () => {
  it('members by email: the team list and the contributors, nothing per team', async () => {
    const teams = listed.slice(0, 10);
    const yaml = teams
      .map((t, i) => `  ${JSON.stringify(t.name)}:\n    initials: T${i}\n    members: [${t.contributors.map((c) => JSON.stringify(c.email)).join(', ')}]\n`)
      .join('');
    const counts = await planCount(`version: 1\nteams:\n${yaml}  New Team:\n    parent: ${JSON.stringify(teams[0]?.name)}\n`);
    expect(counts).toEqual({
      'GET /api/v1/integrations': 1,
      'GET /api/v2/teams': pages(TEAMS + 2, LIST_PAGE),
      'GET /api/v1/users': pages(CONTRIBUTORS, LIST_PAGE),
    });
  });

  it('members by id only: no contributors read', async () => {
    const team = listed[1];
    const counts = await planCount(`version: 1\nteams:\n  ${JSON.stringify(team?.name)}:\n    members: [${team?.contributors.map((c) => c.id).join(', ')}]\n`);
    expect(counts).toEqual({ 'GET /api/v1/integrations': 1, 'GET /api/v2/teams': pages(TEAMS + 2, LIST_PAGE) });
  });
});
