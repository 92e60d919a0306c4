// Where the org defaults sit in a config: the sections of `git.defaults`.

import type { OrgSection } from '../../../contract/git-types.js';
import type { DesiredConfig } from '../../model.js';
import { orgDefaultAddress } from './address.js';

/** `git.defaults.SECTION` for each section written. */
export function knownOrgDefaults(config: DesiredConfig): string[] {
  return Object.keys(config.git.defaults).map((section) => orgDefaultAddress(section as OrgSection));
}
