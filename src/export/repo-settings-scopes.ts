// Which repository configurations `emctl export` reads: a module of its own, so the command line
// can offer the choices without loading the reader.

import type { RepoSettingsScope } from '../core/organization.js';

export type { RepoSettingsScope };
export const REPO_SETTINGS_SCOPES: readonly RepoSettingsScope[] = ['all', 'monitored', 'none'];
