// How a predicted refusal of a kept change is told: a plan error at the change's address and
// config location.

import type { PlanDraft, PlannedChange } from '../../draft.js';

/** A refusal the service would answer to a kept change, as a plan error. */
export function refuse(draft: PlanDraft, c: PlannedChange, message: string): void {
  const m: { message: string; address: string; location?: string } = { message, address: c.change.address };
  if (c.location !== undefined) m.location = c.location;
  draft.errors.push(m);
}
