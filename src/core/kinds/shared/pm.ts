// What the PM kinds share: the PM integration a config entry names (for the planner, and for the
// reads before anything is planned), and the entities a PM scope write selects as a side effect
// (a selection set must not leave them out; a deselect waits for the write that stops using them).

import type { Integration, PmProvider, PmScopeKey, SelectableEntityType } from '../../../contract/types.js';
import type { AreaElement, ScopeElement } from './pm-scope-form.js';
import type { PlanDraft } from '../../draft.js';
import type { ConfigPath, DesiredConfig, IntegrationRef } from '../../model.js';
import { resolveIntegration } from '../../resolve.js';

/** The integration an alias or id names, when it is a live PM integration; else undefined (the planner reports why). */
export function pmIntegrationOf(config: DesiredConfig, ref: IntegrationRef, integrations: readonly Integration[]): Integration | undefined {
  const found = resolveIntegration(config, ref, [...integrations]).value;
  return found && found.type === 'pm' ? found : undefined;
}

/** The PM integration a config entry names, or undefined after reporting why it is unknown. */
export function pmIntegration(draft: PlanDraft, ref: string | number, path: ConfigPath): Integration | undefined {
  const r = resolveIntegration(draft.config, ref, draft.live.integrations, 'pm');
  if (r.value === undefined) draft.error(r.error ?? `unknown integration ${String(ref)}`, path);
  return r.value;
}

/** Entities a scope write selects as a side effect: tracker_a boards, tracker_b projects. */
export function impliedSelections(provider: PmProvider, key: PmScopeKey, elements: readonly ScopeElement[]): { type: SelectableEntityType; ids: string[] } | undefined {
  if (provider === 'tracker_a' && key === 'boards') return { type: 'boards', ids: elements as string[] };
  if (provider === 'tracker_b' && key === 'project_team_areas') {
    return { type: 'projects', ids: [...new Set((elements as AreaElement[]).map((e) => e.project))] };
  }
  return undefined;
}
