// What an org default change carries to its call: the section and its value as written.

import type { OrgSection } from '../../../contract/git-types.js';

export interface OrgDefaultTarget {
  kind: 'org-default';
  section: OrgSection;
  written: unknown;
}
