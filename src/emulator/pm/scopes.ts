// PM team scope rules (api-spec.md endpoints 4-7): reading a team's scopes, PATCH merge/add and POST
// replace writes item by item, clearing one key, deleting a scope; the Kanban rule, auto-selection
// of named entities against the board/project limit, and an audit entry for every change.

import type {
  Methodology,
  PmProvider,
  PmScope,
  ScopeRejection,
  ScopeWriteResponse,
  TeamPmScopeResponse,
} from '../../contract/types.js';
import { refused, sharedStatus, type Reply } from '../route/reply.js';
import type { Journal } from '../state/journal.js';
import { livePmIntegration, readOnlyReason, selectedCount } from './entities.js';
import { checkScope, dropEmptyKeys, entityLookup, isEmptyScope } from './scope-rules.js';
import type { EmulatorState, EntityRec, PmScopeRec, StoredScope } from '../state/state.js';

export type WriteMode = 'merge' | 'add' | 'replace';

export interface ScopeItemInput {
  integration_id: number;
  /** undefined: PATCH without scope (no key changes). */
  scope?: Record<string, unknown>;
  methodology?: Methodology;
}

function requireTeam(state: EmulatorState, teamId: number) {
  const team = state.teams.get(teamId);
  if (!team) throw refused(404, `team ${teamId} not found`);
  return team;
}

function scopeRec(state: EmulatorState, teamId: number, integrationId: number): PmScopeRec {
  return state.pmScopes.get(teamId)?.get(integrationId) ?? { scope: {}, methodology: 'Kanban' };
}

/** The read form of a stored scope: names on boards, epics (+provider_key), fields and ptas. */
function scopeToRead(state: EmulatorState, integrationId: number, scope: StoredScope): PmScope {
  const byType = state.entities.get(integrationId);
  const name = (type: 'boards' | 'epics' | 'fields' | 'projects' | 'teams' | 'areas', id: string) =>
    byType?.get(type)?.get(id)?.name ?? id;
  const out: PmScope = {};
  if (scope.boards?.length) out.boards = scope.boards.map((id) => ({ entity_provider_id: id, name: name('boards', id) }));
  if (scope.epics?.length) {
    out.epics = scope.epics.map((id) => {
      const e = byType?.get('epics')?.get(id);
      return { entity_provider_id: id, name: e?.name ?? id, ...(e?.providerKey !== undefined ? { provider_key: e.providerKey } : {}) };
    });
  }
  if (scope.labels?.length) out.labels = scope.labels.map((n) => ({ name: n }));
  if (scope.fields?.length) out.fields = scope.fields.map((f) => ({ entity_provider_id: f.id, name: name('fields', f.id), value: [...f.value] }));
  if (scope.project_team_areas?.length) {
    out.project_team_areas = scope.project_team_areas.map((p) => ({
      project: { entity_provider_id: p.project, name: name('projects', p.project) },
      team: { entity_provider_id: p.team, name: name('teams', p.team) },
      areas: p.areas.map((a) => ({ entity_provider_id: a, name: name('areas', a) })),
    }));
  }
  return out;
}

export function readTeamScope(state: EmulatorState, teamId: number, integrationIds?: number[]): TeamPmScopeResponse {
  const team = requireTeam(state, teamId);
  const integrations = integrationIds
    ? [...new Set(integrationIds)].map((id) => livePmIntegration(state, id))
    : [...state.integrations.values()].filter((i) => i.type === 'pm' && !i.deleted_at).sort((a, b) => a.id - b.id);
  return {
    team_id: team.id,
    team_name: team.name,
    items: integrations.map((i) => {
      const rec = scopeRec(state, teamId, i.id);
      return {
        integration_id: i.id,
        provider: i.provider as PmProvider,
        integration_name: i.name,
        scope: scopeToRead(state, i.id, rec.scope),
        methodology: rec.methodology,
      };
    }),
  };
}

/** Adds entries to a key's list without removing any (PATCH mode=add). */
function addInto(current: StoredScope, sent: StoredScope): StoredScope {
  const out: StoredScope = structuredClone(current);
  const union = (a: string[] = [], b: string[] = []) => [...a, ...b.filter((x) => !a.includes(x))];
  if (sent.boards) out.boards = union(out.boards, sent.boards);
  if (sent.epics) out.epics = union(out.epics, sent.epics);
  if (sent.labels) out.labels = union(out.labels, sent.labels);
  if (sent.fields) {
    const fields = out.fields ?? [];
    for (const f of sent.fields) {
      const existing = fields.find((x) => x.id === f.id);
      if (existing) existing.value = union(existing.value, f.value);
      else fields.push(structuredClone(f));
    }
    out.fields = fields;
  }
  if (sent.project_team_areas) {
    const ptas = out.project_team_areas ?? [];
    for (const p of sent.project_team_areas) {
      const existing = ptas.find((x) => x.project === p.project && x.team === p.team);
      if (existing) existing.areas = union(existing.areas, p.areas);
      else ptas.push(structuredClone(p));
    }
    out.project_team_areas = ptas;
  }
  return out;
}

type ItemOutcome = { applied: true } | { applied: false; rejection: ScopeRejection };

type Refusal = Extract<ItemOutcome, { applied: false }>;

function refusal(teamId: number, integrationId: number, status: number, code: ScopeRejection['code'], message: string): Refusal {
  return { applied: false, rejection: { team_id: teamId, integration_id: integrationId, status, code, message } };
}

/**
 * The refusals every write to one (team, integration) scope shares, in the order of
 * docs/assumptions.md row 19: the team, the integration, its provider, its read-only state.
 */
function writeTarget(state: EmulatorState, teamId: number, integrationId: number) {
  const reject = (status: number, code: ScopeRejection['code'], message: string) => refusal(teamId, integrationId, status, code, message);
  const team = state.teams.get(teamId);
  if (!team) return reject(404, 'team_not_found', `team ${teamId} not found`);
  const integration = state.integrations.get(integrationId);
  if (!integration || integration.deleted_at) return reject(404, 'integration_not_found', `integration ${integrationId} not found`);
  if (integration.type !== 'pm') {
    return reject(400, 'provider_not_supported', `integration ${integrationId} is a ${integration.provider} Git integration, not a supported PM provider`);
  }
  const readOnly = readOnlyReason(integration);
  if (readOnly) return reject(400, 'integration_read_only', readOnly);
  return { team, integration, provider: integration.provider as PmProvider };
}

/**
 * Applies one (team, integration) item as a whole, or rejects it. `action` names the audit entry
 * (scope_written, scope_key_cleared).
 */
export function writeScopeItem(
  state: EmulatorState,
  journal: Journal,
  teamId: number,
  item: ScopeItemInput,
  mode: WriteMode,
  action = 'scope_written',
): ItemOutcome {
  const reject = (status: number, code: ScopeRejection['code'], message: string) => refusal(teamId, item.integration_id, status, code, message);
  const target = writeTarget(state, teamId, item.integration_id);
  if ('rejection' in target) return target;
  const { team, integration, provider } = target;

  let sent: StoredScope = {};
  if (item.scope !== undefined) {
    const checked = checkScope(provider, item.scope, entityLookup(state, integration.id));
    if (!checked.ok) return reject(400, checked.code, checked.message);
    sent = checked.scope;
  }

  // Entities the write names are selected for collection (tracker_a boards and epics, tracker_b projects).
  const byType = state.entities.get(integration.id);
  const toSelect: EntityRec[] = [];
  const named: [('boards' | 'epics' | 'projects'), string[]][] = [
    ['boards', sent.boards ?? []],
    ['epics', sent.epics ?? []],
    ['projects', (sent.project_team_areas ?? []).map((p) => p.project)],
  ];
  for (const [type, ids] of named) {
    for (const id of ids) {
      const e = byType?.get(type)?.get(id);
      if (e && !e.selected && !toSelect.includes(e)) toSelect.push(e);
    }
  }
  const added = toSelect.filter((e) => e.type !== 'epics').length;
  if (added > 0) {
    const count = selectedCount(state);
    if (count + added > state.limits.boardProjectLimit) {
      return reject(403, 'license_limit', `this scope selects ${added} more boards/projects, over the organization's limit of ${state.limits.boardProjectLimit} (${count} selected)`);
    }
  }
  if (team.scopeWriteFails) return reject(500, 'write_failed', `the scope of team ${teamId} could not be written; retry`);

  const current = scopeRec(state, teamId, integration.id);
  const next =
    mode === 'replace' ? dropEmptyKeys(sent) : mode === 'merge' ? dropEmptyKeys({ ...current.scope, ...sent }) : dropEmptyKeys(addInto(current.scope, sent));
  // Kanban rule: a write that leaves tracker_a boards empty, without a methodology, makes the team Kanban.
  const boardsWritten = mode === 'replace' || (mode === 'merge' && sent.boards !== undefined);
  const kanban = provider === 'tracker_a' && boardsWritten && !next.boards?.length && item.methodology === undefined;
  const methodology: Methodology = item.methodology ?? (kanban ? 'Kanban' : current.methodology);

  for (const e of toSelect) {
    e.selected = true;
    e.selectedAt = journal.now();
    journal.audit({
      action: 'entity_selected',
      team_id: teamId,
      integration_id: integration.id,
      entity_type: e.type,
      entity_provider_id: e.id,
      detail: `${e.type} ${e.id} (${e.name}) selected for collection by the scope of team ${teamId}`,
    });
  }
  const scopeChanged = JSON.stringify(next) !== JSON.stringify(current.scope);
  if (scopeChanged || methodology !== current.methodology) {
    const byIntegration = state.pmScopes.get(teamId) ?? new Map<number, PmScopeRec>();
    byIntegration.set(integration.id, { scope: next, methodology });
    state.pmScopes.set(teamId, byIntegration);
    state.scopeVersion++;
  }
  if (scopeChanged) {
    const keys = Object.keys(item.scope ?? {});
    journal.audit({
      action,
      team_id: teamId,
      integration_id: integration.id,
      detail: `${action === 'scope_key_cleared' ? 'cleared' : mode} ${keys.length ? keys.join(', ') : 'scope'} of team ${teamId} on integration ${integration.id}`,
    });
  }
  if (methodology !== current.methodology) {
    journal.audit({
      action: 'methodology_changed',
      team_id: teamId,
      integration_id: integration.id,
      detail: `team ${teamId} methodology ${current.methodology} -> ${methodology}${kanban && item.methodology === undefined ? ' (boards emptied)' : ''}`,
    });
  }
  return { applied: true };
}

/** Collects item outcomes into the endpoint 5 response (200 when anything applied). */
function respond(outcomes: { team_id: number; integration_id: number; outcome: ItemOutcome }[]): Reply {
  const body: ScopeWriteResponse = { applied: [], rejected: [] };
  for (const o of outcomes) {
    if (o.outcome.applied) body.applied.push({ team_id: o.team_id, integration_id: o.integration_id });
    else body.rejected.push(o.outcome.rejection);
  }
  const status = body.applied.length > 0 ? 200 : sharedStatus(body.rejected.map((r) => r.status));
  return { status, body };
}

export function writeScopes(
  state: EmulatorState,
  journal: Journal,
  teams: { team_id: number; items: ScopeItemInput[] }[],
  mode: WriteMode,
): Reply {
  const outcomes: { team_id: number; integration_id: number; outcome: ItemOutcome }[] = [];
  for (const t of teams) {
    for (const item of t.items) {
      // POST leaves out items whose scope is {}: neither applied nor rejected.
      if (mode === 'replace' && item.scope && Object.keys(item.scope).length === 0) continue;
      outcomes.push({ team_id: t.team_id, integration_id: item.integration_id, outcome: writeScopeItem(state, journal, t.team_id, item, mode) });
    }
  }
  return respond(outcomes);
}

export function clearScopeKey(state: EmulatorState, journal: Journal, teamId: number, key: string, integrationId: number): Reply {
  const outcome = writeScopeItem(state, journal, teamId, { integration_id: integrationId, scope: { [key]: [] } }, 'merge', 'scope_key_cleared');
  return respond([{ team_id: teamId, integration_id: integrationId, outcome }]);
}

export function deleteScope(state: EmulatorState, journal: Journal, teamId: number, integrationId: number): Reply {
  const answer = (outcome: ItemOutcome) => respond([{ team_id: teamId, integration_id: integrationId, outcome }]);
  const target = writeTarget(state, teamId, integrationId);
  if ('rejection' in target) return answer(target);
  if (target.team.scopeWriteFails) return answer(refusal(teamId, integrationId, 500, 'write_failed', `the scope of team ${teamId} could not be deleted; retry`));
  const current = state.pmScopes.get(teamId)?.get(integrationId);
  if (current && !isEmptyScope(current.scope)) {
    const methodology: Methodology = target.provider === 'tracker_a' ? 'Kanban' : current.methodology;
    state.pmScopes.get(teamId)!.set(integrationId, { scope: {}, methodology });
    state.scopeVersion++;
    journal.audit({ action: 'scope_deleted', team_id: teamId, integration_id: integrationId, detail: `deleted the scope of team ${teamId} on integration ${integrationId}` });
    if (methodology !== current.methodology) {
      journal.audit({
        action: 'methodology_changed',
        team_id: teamId,
        integration_id: integrationId,
        detail: `team ${teamId} methodology ${current.methodology} -> ${methodology} (scope deleted)`,
      });
    }
  }
  return answer({ applied: true });
}
