// The PM scope kind's predicted refusals: a scope write naming an entity the provider no longer
// exposes; and, for the other kinds' predictions, each scope key as it will be after the plan.

import type { PmScopeKey, ScopeWriteBody } from '../../../contract/types.js';
import { pmScopeAddress } from './address.js';
import { scopeKeyToWire } from './canonical.js';
import type { PlanDraft, TargetOf } from '../../draft.js';
import type { ScopeContext } from '../shared/scope-context.js';
import type { DraftOperation } from '../../ops-common.js';
import type { PlanMessage } from '../../plan-model.js';
import { singularType } from '../../resolve.js';
import type { ChangeFacts, KindChange } from '../kind.js';

/** The (scope, key) pairs this plan writes, found on the first question rather than once per question. */
export function scopeAfter(changes: readonly KindChange<TargetOf<'pm-scope'>>[]): ChangeFacts['pmScopeAfter'] {
  let written: Map<ScopeContext, Set<PmScopeKey>> | undefined;
  return (ctx, key) => {
    if (written === undefined) {
      written = new Map();
      for (const c of changes) {
        const keys = written.get(c.target.scope) ?? new Set();
        keys.add(c.target.key);
        written.set(c.target.scope, keys);
      }
    }
    const changing = written.get(ctx)?.has(key) === true;
    return (changing ? ctx.desired[key] : ctx.live[key]) ?? [];
  };
}

const ENTITY_TYPE: Record<PmScopeKey, string> = {
  boards: 'boards',
  epics: 'epics',
  labels: 'labels',
  fields: 'fields',
  project_team_areas: 'projects',
};

/** Every entity a scope write names must be reachable, or the service refuses the whole item. */
export function unreachableInScopeWrite(draft: PlanDraft, op: DraftOperation): void {
  const body = op.body as ScopeWriteBody;
  for (const team of body.teams) {
    for (const item of team.items) {
      const ctx = draft.scopes.get(`${team.team_id}/${item.integration_id}`);
      for (const [key, list] of Object.entries(item.scope ?? {}) as [PmScopeKey, unknown[]][]) {
        // The key's live entries, indexed once per key on its first unreachable entry (not per entry).
        let live: Set<string> | undefined;
        for (const [type, id] of namedIds(key, list)) {
          if (!draft.namesUnreachable(item.integration_id, type, id)) continue;
          const address = pmScopeAddress(team.team_id, ctx?.alias ?? String(item.integration_id), key);
          // A key written whole re-sends what it keeps; one that keeps an unreachable entry is
          // added to instead (items.ts), unless it also loses entries: then no write can
          // make it, and only taking the entry out of the config lets the key be written.
          const kept = ctx !== undefined && (live ??= liveNames(ctx, key)).has(`${type}/${id}`);
          const why = kept ? `; the key loses entries, so it is written whole, and a whole write must name every entry it keeps: take "${id}" out of the config to write it` : '';
          const message = `team ${team.team_id}'s ${key} on ${ctx?.alias ?? item.integration_id} names ${singularType(type)} "${id}", which the provider no longer exposes: the service refuses the item (entity_not_found)${why}`;
          const m: PlanMessage = { message, address };
          const location = draft.locate(ctx ? [...ctx.path, key] : undefined);
          if (location !== undefined) m.location = location;
          draft.errors.push(m);
        }
      }
    }
  }
}

/** `${type}/${id}` of every entity a live scope key names. */
function liveNames(ctx: ScopeContext, key: PmScopeKey): Set<string> {
  return new Set(namedIds(key, scopeKeyToWire(key, ctx.live[key] ?? [])).map(([type, id]) => `${type}/${id}`));
}

function namedIds(key: PmScopeKey, list: unknown[]): [string, string][] {
  if (key === 'labels') return (list as { name: string }[]).map((l) => ['labels', l.name]);
  if (key !== 'project_team_areas') return (list as { entity_provider_id: string }[]).map((e) => [ENTITY_TYPE[key], e.entity_provider_id]);
  return (list as { project: { entity_provider_id: string }; team: { entity_provider_id: string }; areas: { entity_provider_id: string }[] }[]).flatMap((p) => [
    ['projects', p.project.entity_provider_id] as [string, string],
    ['teams', p.team.entity_provider_id] as [string, string],
    ...p.areas.map((a) => ['areas', a.entity_provider_id] as [string, string]),
  ]);
}
