// The org default kind's address form.

import type { OrgSection } from '../../../contract/git-types.js';
import type { LiveSource } from '../shared/live-source.js';

/** `git.defaults.releases_detection`. */
export function orgDefaultAddress(section: OrgSection): string {
  return `git.defaults.${section}`;
}

/** An org default's live value comes from the org configuration read. */
export function orgDefaultLiveSource(): LiveSource {
  return { from: 'org configuration' };
}
