// Which repository configurations `emctl export` reads: a module of its own, so the command line
// can offer the choices without loading the reader.

export type RepoSettingsScope = 'all' | 'monitored' | 'none';
export const REPO_SETTINGS_SCOPES: readonly RepoSettingsScope[] = ['all', 'monitored', 'none'];
