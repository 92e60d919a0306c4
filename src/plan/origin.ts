// Where a plan is made: the service it read (`apply PLANFILE` refuses another organization) and the
// directory its config paths are relative to.

import type { PlanOrganization } from '../core/plan-model.js';
import type { LiveSnapshot } from '../core/snapshot.js';

export interface PlanOrigin {
  /** The service as the plan names it: its base URL, or `emulator:FIXTURE` for an in-process emulator. */
  service: string;
  /** The working directory: the plan's config paths are relative to it (relative-paths.ts). */
  cwd: string;
}

/** The organization a plan is made against: where, and every integration it saw (DESIGN 3). */
export function organizationOf(service: string, snapshot: LiveSnapshot): PlanOrganization {
  const integrations = snapshot.integrations
    .map((i) => ({ id: i.id, type: i.type, provider: i.provider, name: i.name }))
    .sort((a, b) => a.id - b.id);
  return { base_url: withoutSecrets(service), integrations };
}

/** A base URL as a plan file may keep it: no user info, query or fragment (any could carry a secret). */
function withoutSecrets(baseUrl: string): string {
  try {
    const url = new URL(baseUrl);
    url.username = '';
    url.password = '';
    url.search = '';
    url.hash = '';
    return url.href.replace(/\/+$/, '');
  } catch {
    return baseUrl; // `emulator:FIXTURE`
  }
}
