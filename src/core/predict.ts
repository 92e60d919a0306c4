// Plan-time predictions of what the service would refuse (DESIGN.md §3), computed on the changes
// that survive --target/--exclude and on the operations that carry them: a plan with any of these
// exits 1 before a single write. A write through a read-only integration is refused whatever its
// kind; the rest each kind predicts itself (kinds/: predict, predictCalls).

import { WRITABLE_INTEGRATION_STATES } from '../contract/types.js';
import type { PlanDraft, PlannedChange } from './draft.js';
import type { PlannedOperations } from './operations.js';
import { EVERY_KIND, integrationOfTarget, kindOfTarget } from './kinds/registry.js';
import { refuse } from './kinds/shared/refusals.js';

export function predictRefusals(draft: PlanDraft, changes: PlannedChange[], planned: Pick<PlannedOperations, 'facts' | 'byKind'>): void {
  for (const c of changes) {
    readOnlyIntegration(draft, c);
    kindOfTarget(c.target).predict?.(c, draft, planned.facts);
  }
  for (const kind of EVERY_KIND) kind.predictCalls?.(planned.byKind.get(kind.kind) ?? [], draft);
}

function readOnlyIntegration(draft: PlanDraft, c: PlannedChange): void {
  const integration = integrationOfTarget(c.target);
  if (!integration || WRITABLE_INTEGRATION_STATES.includes(integration.state)) return;
  refuse(draft, c, `integration ${integration.id} (${integration.name}) is ${integration.state}, so it is read-only: the service refuses this write (integration_read_only)`);
}
