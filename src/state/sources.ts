// Where each live object came from: the exact GET path (with its query) that returned it. The
// reader fills this in as it reads; read-records.ts turns it into the plan's `reads`, so a saved
// plan says which call showed each live value it changes.

export interface ReadSources {
  integrations?: string;
  /** `${integrationId}/${type}/${entity_provider_id}` -> path of the full-list page that held it. */
  entityPages: Map<string, string>;
  /** Same key -> path of the selected-entities page read with used_by. */
  usedByPages: Map<string, string>;
  teamPmScopes: Map<number, string>;
  teamGitScopes: Map<number, string>;
  /** Repository id -> path of the list page (or name lookup) that held it. */
  repositories: Map<number, string>;
  repositoryConfigs: Map<number, string>;
  orgConfig?: string;
  /** The team list's path, when it was read (teams and member sets came from it). */
  teamList?: string;
}

export function emptySources(): ReadSources {
  return {
    entityPages: new Map(),
    usedByPages: new Map(),
    teamPmScopes: new Map(),
    teamGitScopes: new Map(),
    repositories: new Map(),
    repositoryConfigs: new Map(),
  };
}

export function entityKey(integrationId: number, type: string, entityId: string): string {
  return `${integrationId}/${type}/${entityId}`;
}
