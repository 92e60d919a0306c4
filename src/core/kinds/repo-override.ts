// One section of a repository's override set: `repo["acme/api"].settings.default_branch`.

import type { TargetOf } from '../draft.js';
import type { Kind } from './kind.js';

const SETTINGS = '.settings';

export const repoOverride: Kind<'repo-override', TargetOf<'repo-override'>> = {
  kind: 'repo-override',
  section: 'Repositories',
  valueShown: 'sections',
  absent: 'no override (the org default applies)',
  // `repo[...].settings.SECTION` lies under the override set `repo[...].settings`; the name may
  // hold dots, so the address is cut at the last `.settings.`.
  objectOf: ({ address }) => {
    const at = address.lastIndexOf(`${SETTINGS}.`);
    return at > 0 ? address.slice(0, at + SETTINGS.length) : undefined;
  },
};
