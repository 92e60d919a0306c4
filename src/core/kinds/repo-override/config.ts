// The repository override kind's config part: a repository's override set (the seven sections a
// repository can override). Schema only (TypeBox): it never loads at run time.

import { closed, def } from '../../config-schema/kit.js';
import { repositorySections } from '../shared/config-git-sections.js';

export const repositorySettings = def('repositorySettings', closed(repositorySections, { title: 'repository settings (the seven repository sections)' }));
