// How a team's Git scope is written back as config: its repositories (named as the config names
// them, in the order exported lists use) and its services by id, for every team the scope read
// answered for.

import type { ExportContext, ExportedConfig } from '../../export-model.js';
import type { OrganizationRead } from '../../organization.js';
import { sortEntries } from '../shared/export-names.js';

export function exportGitScopes(org: OrganizationRead, doc: ExportedConfig, context: ExportContext): void {
  const repoById = new Map(org.repositories.map((r) => [r.id, r]));
  for (const team of doc.teams) {
    const scope = org.teamGitScopes.get(team.id);
    if (scope === undefined) continue;
    team.git = {
      // A repository the list does not hold is named by what the scope read says of it.
      repositories: sortEntries(scope.repositories.map((r) => context.repository(repoById.get(r.id) ?? r))),
      services: scope.services.map((s) => s.id).sort((a, b) => a - b),
    };
  }
}
