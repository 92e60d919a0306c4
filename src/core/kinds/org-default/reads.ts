// What the organization defaults need read: the organization's Git configuration, once, when a
// section is written.

import type { KindReads } from '../shared/read-needs.js';

export const orgDefaultReads: KindReads = {
  needs: (config) => ({ orgConfig: Object.keys(config.git.defaults).length > 0 }),
};
