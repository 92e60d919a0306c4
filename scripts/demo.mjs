// The demo (npm run demo): starts the emulator on the bundled Acme organization in-process and
// shows, over real HTTP, what it serves: integrations, repositories per state, and each team's PM
// and Git scope. (A later issue turns this into the full plan/apply story.)

import { EXAMPLE_FIXTURE_PATH, loadFixtureFile, startEmulator } from '../dist/emulator/index.js';

const fixture = await loadFixtureFile(EXAMPLE_FIXTURE_PATH);
const emulator = await startEmulator({ fixture });
const key = fixture.api_keys[0];
const get = async (path) => {
  const res = await fetch(emulator.url + path, { headers: { 'x-api-key': key } });
  if (!res.ok) throw new Error(`GET ${path}: ${res.status}`);
  return res.json();
};

try {
  console.log(`Emulator of ${fixture.organization.name} listening on ${emulator.url}\n`);

  console.log('Integrations');
  for (const i of (await get('/api/v1/integrations')).items) {
    console.log(`  ${String(i.id).padStart(3)}  ${i.type.padEnd(3)}  ${i.provider.padEnd(9)}  ${i.name.padEnd(16)}  ${i.state}`);
  }

  const repos = (await get('/api/v1/git/repositories?page_size=100')).items;
  const byState = {};
  for (const r of repos) byState[r.state] = (byState[r.state] ?? 0) + 1;
  console.log(`\nRepositories (${repos.length})`);
  for (const [state, n] of Object.entries(byState)) console.log(`  ${state.padEnd(14)} ${n}`);

  const boards = await get('/api/v2/pm/entities/boards?integration_ids=10&include_invalid=true');
  const selected = boards.integrations[0].entities.filter((b) => b.is_selected_for_collection).length;
  console.log(`\nBoards on Acme Tracker: ${boards.total}, ${selected} selected for collection`);

  console.log('\nTeams');
  for (const team of fixture.teams) {
    const pm = await get(`/api/v1/pm/config/teams/${team.id}/scope`);
    const git = await get(`/api/v1/git/config/teams/${team.id}/scope`);
    const scoped = pm.items.filter((i) => Object.keys(i.scope).length > 0);
    const pmText = scoped.map((i) => `${i.integration_name} (${i.methodology}: ${Object.keys(i.scope).join(', ')})`).join('; ') || 'no PM scope';
    const gitText = git.repositories.map((r) => r.name).join(', ') || 'no repositories';
    console.log(`  ${String(team.id).padStart(3)}  ${team.name.padEnd(21)} PM: ${pmText}`);
    console.log(`       ${''.padEnd(21)} Git: ${gitText}${git.services.length ? `; services ${git.services.map((s) => s.name).join(', ')}` : ''}`);
  }
} finally {
  await emulator.close();
}
