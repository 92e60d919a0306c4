// `emctl export`: live state -> a config in the input format (peribolos --dump), as one file, a
// directory config (--split), or an emulator fixture (--fixture) for offline plans. Read-only by
// construction: it holds the read-only client wrapper.

import { identifiedTeams } from '../core/kinds/shared/team-directory.js';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { readOnly } from '../api/read-only-client.js';
import { unlistedNotice } from '../api/team-list.js';
import { EmctlError } from '../contract/errors.js';
import { absolutePath } from '../output/paths.js';
import type { OrganizationRead } from '../core/organization.js';
import { readOrganization } from '../export/read.js';
import type { RepoSettingsScope } from '../export/repo-settings-scopes.js';
import { toConfig } from '../export/to-config.js';
import { toFixture } from '../export/to-fixture.js';
import { renderConfigYaml, renderFixtureYaml, renderSplitFiles, type ExportFile } from '../export/yaml.js';
import { connect } from './connect.js';
import type { WorkflowIO } from './io.js';
import type { Dependencies } from './options.js';
import { loadDesired } from './planning.js';
import { writeFileAtomically } from '../output/write-file.js';

export interface ExportRequest {
  config?: string;
  teams?: string;
  out?: string;
  split?: string;
  fixture?: boolean;
  repoSettings: RepoSettingsScope;
}

/**
 * `Payments, 42,43 44` -> names ["Payments"], ids [42, 43, 44]. Parts are comma-separated; a part
 * of digits (or of space-separated digits: `--teams "42 43"` is two ids) is ids, any other a team's
 * name as the service spells it (names may hold spaces). An id that is not a positive integer is a
 * usage error, before anything is read.
 */
function parseTeams(value: string | undefined): { ids: number[]; names: string[] } {
  if (value === undefined) return { ids: [], names: [] };
  const ids: string[] = [];
  const names: string[] = [];
  for (const part of value.split(',').map((p) => p.trim()).filter((p) => p !== '')) {
    if (/^[-+]?\d+(\s+[-+]?\d+)*$/.test(part)) ids.push(...part.split(/\s+/));
    else names.push(part);
  }
  const bad = ids.filter((p) => !/^\d+$/.test(p) || Number(p) < 1);
  if (bad.length > 0) throw new EmctlError('config', `--teams takes team names and ids (ids are positive integers; comma-separated), got ${bad.map((b) => `"${b}"`).join(', ')}`);
  return { ids: [...new Set(ids.map(Number))], names: [...new Set(names)] };
}

function summary(read: OrganizationRead, what: string): string {
  const pm = read.integrations.filter((i) => i.type === 'pm').length;
  const git = read.integrations.length - pm;
  const overrides = [...read.repositoryConfigs.values()].filter((c) => Object.values(c.settings).some((s) => s?.source === 'repository')).length;
  return (
    `Exported ${what}: ${pm} PM and ${git} Git integrations, ${read.teamIds.length} teams, ` +
    `${read.repositories.length} repositories (${overrides} with overrides).\n`
  );
}

export async function exportWorkflow(deps: Dependencies, io: WorkflowIO, opts: ExportRequest): Promise<void> {
  if (opts.split !== undefined && opts.out !== undefined) throw new EmctlError('config', '--split and --out are exclusive: --split writes a directory, --out one file');
  if (opts.split !== undefined && opts.fixture) throw new EmctlError('config', '--split writes a config directory; a fixture (--fixture) is one file: use --out');
  const { ids: teams, names: teamNames } = parseTeams(opts.teams);
  // Every team the config manages is read, also one with no scope: an offline plan against the
  // snapshot must know them all.
  const configTeams = opts.config === undefined ? [] : identifiedTeams((await loadDesired(io, opts.config)).config).map((t) => t.id);

  const { globals } = deps;
  const connection = await connect(globals, io);
  let read: OrganizationRead;
  try {
    read = await connection.reading(() => readOrganization(readOnly(connection.client), {
      teams,
      teamNames,
      configTeams,
      repoSettings: opts.repoSettings,
      fixture: Boolean(opts.fixture),
      onRepositoryConfigs(count) {
        // At the default pace (60 calls a minute per route) a large organization takes a while;
        // say so up front instead of looking stuck.
        if (globals.rateLimit > 0 && count > globals.rateLimit && !connection.emulator) {
          const minutes = Math.ceil(count / globals.rateLimit);
          const hint = connection.progress.pacingHint === undefined ? '' : `; ${connection.progress.pacingHint}`;
          connection.progress.estimate(`Reading ${count} repository configurations: about ${minutes} min at ${globals.rateLimit} calls a minute (--repo-settings monitored|none reads fewer)${hint}.\n`);
        }
      },
    }));
  } finally {
    await connection.close();
  }
  if (!read.teamList.listed) io.stderr.write(`${unlistedNotice(read.teamList, 'teams are found through the boards and projects that name them; name the others with --teams')}\n`);
  for (const id of read.missingTeams) io.stderr.write(`Warning: team ${id} (from ${teams.includes(id) ? '--teams' : 'the config'}) does not exist; left out.\n`);

  if (opts.fixture) {
    const text = renderFixtureYaml(toFixture(read));
    if (opts.out === undefined) io.stdout.write(text);
    else await writeFileAtomically(absolutePath(io.cwd, opts.out), text, { createDirectory: true, redactor: io.redactor });
    io.stderr.write(summary(read, opts.out === undefined ? 'an emulator fixture' : `an emulator fixture to ${opts.out}`));
    return;
  }

  const exported = toConfig(read);
  if (opts.split !== undefined) {
    const dir = absolutePath(io.cwd, opts.split);
    const files: ExportFile[] = renderSplitFiles(exported);
    for (const file of files) await writeFileAtomically(join(dir, file.name), file.text, { createDirectory: true, redactor: io.redactor });
    const written = new Set(files.map((f) => f.name));
    const others = (await readdir(dir)).filter((n) => n.endsWith('.yaml') && !n.startsWith('.') && !written.has(n));
    if (others.length > 0) {
      io.stderr.write(`Warning: ${opts.split} also holds ${others.join(', ')}; \`-c ${opts.split}\` merges every *.yaml file in it.\n`);
    }
    io.stderr.write(summary(read, `${files.length} files to ${opts.split}`));
    return;
  }
  const text = renderConfigYaml(exported);
  if (opts.out === undefined) io.stdout.write(text);
  else await writeFileAtomically(absolutePath(io.cwd, opts.out), text, { createDirectory: true, redactor: io.redactor });
  io.stderr.write(summary(read, opts.out === undefined ? 'the config' : `the config to ${opts.out}`));
}
