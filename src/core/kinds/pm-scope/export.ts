// How a team's PM scopes are written back as config: on every PM integration the scope read
// answers for, the scope's keys in config form and its methodology (the read holds both in one
// item, as a scope write carries both), methodology first as an editor lists it. The service's
// default item is left out, which leaves it unmanaged.

import { isServiceDefault, type TeamPmScopeItem } from '../../../contract/types.js';
import type { ExportContext, ExportedConfig } from '../../export-model.js';
import type { OrganizationRead } from '../../organization.js';

/** A scope item in config form: keys the item leaves empty are not written (not written = empty). */
export function scopeToConfig(item: TeamPmScopeItem): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (item.methodology !== undefined) out.methodology = item.methodology;
  const s = item.scope;
  if (s.boards?.length) out.boards = s.boards.map((b) => b.entity_provider_id);
  if (s.epics?.length) out.epics = s.epics.map((e) => e.entity_provider_id);
  if (s.labels?.length) out.labels = s.labels.map((l) => l.name);
  if (s.fields?.length) out.fields = s.fields.map((f) => ({ id: f.entity_provider_id, value: [...f.value] }));
  if (s.project_team_areas?.length) {
    out.project_team_areas = s.project_team_areas.map((p) => ({
      project: p.project.entity_provider_id,
      team: p.team.entity_provider_id,
      areas: p.areas.map((a) => a.entity_provider_id),
    }));
  }
  return out;
}

/** Each exported team's PM scopes, by integration id. */
export function exportPmScopes(org: OrganizationRead, doc: ExportedConfig, context: ExportContext): void {
  for (const team of doc.teams) {
    const items = org.teamPmScopes.get(team.id)?.items ?? [];
    for (const item of [...items].sort((a, b) => a.integration_id - b.integration_id)) {
      if (!isServiceDefault(item)) team.pm.push({ alias: context.alias(item.integration_id), scope: scopeToConfig(item) });
    }
  }
}
