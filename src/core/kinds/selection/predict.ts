// The selection kind's predicted refusals: selecting an entity the provider no longer exposes,
// deselecting one that a team or project still uses after the plan.

import type { PmScopeKey } from '../../../contract/types.js';
import type { PlanDraft, TargetOf } from '../../draft.js';
import { singularType } from '../../resolve.js';
import type { ChangeFacts, KindChange } from '../kind.js';
import { impliedSelections } from '../shared/pm.js';
import { refuse } from '../shared/refusals.js';

type SelectionChange = KindChange<TargetOf<'selection'>>;

/** A select of an entity the provider no longer exposes. */
export function unreachableSelect(draft: PlanDraft, c: SelectionChange): void {
  if (draft.namesUnreachable(c.target.integration.id, c.target.entityType, c.target.entityId)) {
    refuse(draft, c, `${singularType(c.target.entityType)} "${c.target.entityId}" on ${c.target.alias} is no longer exposed by the provider: it cannot be selected (entity_not_reachable)`);
  }
}

/** A deselect of an entity a team still uses after the plan, or that a team whose scope the config does not manage, or a project, uses. */
export function deselectInUse(draft: PlanDraft, c: SelectionChange, facts: ChangeFacts): void {
  const { integration, alias, entityType, entityId } = c.target;
  const what = `${singularType(entityType)} "${entityId}" on ${alias}`;
  const usedBy = draft.entities.find(integration.id, entityType, entityId)?.used_by;
  for (const team of usedBy?.teams ?? []) {
    const ctx = draft.scopes.get(`${team.id}/${integration.id}`);
    if (!ctx) {
      refuse(draft, c, `cannot deselect ${what}: team ${team.id} (${team.name}) uses it and the config does not manage that team's scope on ${alias} (entity_in_use)`);
      continue;
    }
    const stillUsed = Object.keys(ctx.desired).some((key) => {
      const implied = impliedSelections(ctx.provider, key as PmScopeKey, facts.pmScopeAfter(ctx, key as PmScopeKey));
      return implied?.type === entityType && implied.ids.includes(entityId);
    });
    if (stillUsed) refuse(draft, c, `cannot deselect ${what}: team ${team.id} (${team.name}) still uses it after this plan (entity_in_use)`);
  }
  const projects = usedBy?.projects ?? [];
  if (projects.length > 0) refuse(draft, c, `cannot deselect ${what}: ${projects.length} project(s) use it (entity_in_use)`);
}
