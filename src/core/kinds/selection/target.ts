// What a selection change carries from its diff to its calls: the entity selected or deselected.

import type { Integration, SelectableEntityType } from '../../../contract/types.js';

export interface SelectionTarget {
  kind: 'selection';
  integration: Integration;
  alias: string;
  entityType: SelectableEntityType;
  entityId: string;
}
