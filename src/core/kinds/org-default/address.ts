// The org default kind's address form.

import type { OrgSection } from '../../../contract/git-types.js';

/** `git.defaults.releases_detection`. */
export function orgDefaultAddress(section: OrgSection): string {
  return `git.defaults.${section}`;
}
