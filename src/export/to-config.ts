// Live organization -> desired-state config (DESIGN.md §2), the way peribolos --dump does it: the
// output is exactly the input format, so onboarding is "export, commit, then manage", and planning
// the export against the same organization shows no changes. Pure: data in, data out; YAML text is
// yaml.ts's job.
//
// What is written (every object written is managed, per the ownership rule): one alias per
// integration (PM and Git), pinned by id, and one entry per exported team; into those, every kind
// writes its own live objects (kinds/<kind>/export.ts, in registry order): the selection sets, each
// team's own properties, members, PM scopes (with methodology) and Git scope, the org defaults,
// the repositories' override sets and the monitored set.

import type { Integration } from '../contract/types.js';
import { WRITABLE_INTEGRATION_STATES } from '../contract/types.js';
import type { ExportContext, ExportedConfig } from '../core/export-model.js';
import { EVERY_KIND } from '../core/kinds/registry.js';
import { repoNamer } from '../core/kinds/shared/export-names.js';
import type { OrganizationRead } from '../core/organization.js';
import { deriveAliases } from './aliases.js';

function integrationComment(i: Integration): string {
  const base = `${i.name} (${i.provider})`;
  return i.type === 'pm' && !WRITABLE_INTEGRATION_STATES.includes(i.state) ? `${base}, ${i.state}: read-only, plans that change it are refused` : base;
}

function headerNotes(read: OrganizationRead): string[] {
  const header = [
    'Exported by `emctl export`: the live settings in the emctl config format. Every object written here',
    'is managed (written = the whole truth for that object); delete what you do not want to manage.',
  ];
  if (read.teamList.listed) {
    header.push("Teams come from the service's team list: every team (or those named with --teams) by name, with");
    header.push("its id pinned; the service's own All Teams and All Contributors are never written. A team this");
    header.push('file does not write is left alone; to make the file the whole org chart (a team removed from it');
    header.push('is deleted), add `ownership: { teams: exact }` (docs/teams.md).');
  } else {
    header.push('This service lists no teams: they come from the used_by of boards and projects plus --teams; a team');
    header.push('scoped only by epics, labels or fields, or only in Git, is left out until named with --teams.');
  }
  return header;
}

export function toConfig(read: OrganizationRead): ExportedConfig {
  const aliases = deriveAliases(read.integrations);
  const context: ExportContext = {
    alias: (id) => aliases.get(id) ?? String(id),
    repository: repoNamer(read.repositories),
  };
  const exported: ExportedConfig = {
    integrations: read.integrations.map((i) => ({ alias: context.alias(i.id), id: i.id, comment: integrationComment(i) })),
    collection: [],
    teams: read.teamIds.map((id) => ({ id, key: id, pm: [] })),
    defaults: {},
    repositories: [],
    notes: { header: headerNotes(read), defaults: [], monitoring: [], repositories: [] },
  };
  for (const kind of EVERY_KIND) kind.export?.(read, exported, context);
  return exported;
}
