// What a selection set needs read: its (integration, type) entity list, whole (an exact set is
// judged against every entity, so no team scope answer stands in for it), and, when the list holds
// a selected entity the set leaves out, the selected entities again with used_by: a deselect's
// entity_in_use is predicted from it.

import type { KindReads } from '../shared/read-needs.js';

export const selectionReads: KindReads = {
  needs: (config) => ({
    entityLists: config.collection.map((s) => ({ integration: s.integration, type: s.entityType })),
    usedBy: config.collection.map((s) => ({ integration: s.integration, type: s.entityType, keeps: s.entities })),
  }),
};
