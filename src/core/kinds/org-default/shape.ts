// Where the org defaults sit in a config: the sections of `git.defaults`.

import type { OrgSection, OrgSettings } from '../../../contract/git-types.js';
import type { DesiredConfig } from '../../model.js';
import { orgDefaultAddress } from './address.js';
import type { KindNarrowing } from '../shared/narrowing.js';

/** `git.defaults.SECTION` for each section written. */
export function knownOrgDefaults(config: DesiredConfig): string[] {
  return Object.keys(config.git.defaults).map((section) => orgDefaultAddress(section as OrgSection));
}

/** A config narrowed: the org default sections kept. */
export const orgDefaultNarrowing: KindNarrowing = {
  config(config, kept, by) {
    const defaults: OrgSettings = {};
    for (const [section, value] of Object.entries(config.git.defaults)) {
      if (by.keeps(orgDefaultAddress(section as OrgSection))) (defaults as Record<string, unknown>)[section] = value;
    }
    kept.git.defaults = defaults;
  },
};
