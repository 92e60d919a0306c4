// What a repository's override set needs read: its configuration, by id (named by id, or by a
// name a saved plan's read records give the id of), or once its name is resolved against the list
// or the lookups; the repository itself, looked up (or found in the whole list, for an id); and
// the whole list for the settings rules, which write every repository they match.

import type { DesiredConfig, DesiredRepository, ReadScope } from '../../model.js';
import { hasSettingsRules } from '../../rules.js';
import type { KindReads, ReadNeeds } from '../shared/read-needs.js';

/**
 * With the ids a saved plan's reads give (ReadScope.repositoryIds: apply PLANFILE), the entries
 * whose override set is read by id alone, each with that id: written by id, or by a name the plan's
 * read records give the id of. Their configurations are read by id (the answer names the
 * repository), and they are neither looked up nor a reason to read the whole list. Not an entry
 * that also manages `monitored:` (its state needs the list or a lookup).
 */
function settingsByKnownId(config: DesiredConfig, scope: ReadScope): Map<DesiredRepository, number> {
  const out = new Map<DesiredRepository, number>();
  if (scope.repositoryIds === undefined) return out;
  const known = new Map(scope.repositoryIds.map((r) => [r.name, r.id] as const));
  for (const entry of config.git.repositories) {
    if (entry.settings === undefined || entry.monitored !== undefined) continue;
    const id = 'id' in entry.ref ? entry.ref.id : entry.ref.integration === undefined ? known.get(entry.ref.name) : undefined;
    if (id !== undefined) out.set(entry, id);
  }
  return out;
}

function needs(config: DesiredConfig, scope: ReadScope): ReadNeeds {
  const byKnownId = settingsByKnownId(config, scope);
  const out: Required<Pick<ReadNeeds, 'repositories' | 'repositoryConfigsById' | 'repositoryConfigsByName' | 'knownById'>> = {
    repositories: [],
    repositoryConfigsById: [],
    repositoryConfigsByName: [],
    knownById: [],
  };
  for (const entry of config.git.repositories) {
    const known = byKnownId.get(entry);
    if (known !== undefined) {
      out.knownById.push('name' in entry.ref ? { id: known, name: entry.ref.name } : { id: known });
      out.repositoryConfigsById.push(known);
    } else {
      // An entry that writes neither its settings nor its monitoring names its repository all the
      // same: it is looked up with the others (the monitoring kind names those that write it).
      if (entry.monitored === undefined) out.repositories.push({ ref: entry.ref });
      if (entry.settings !== undefined && 'id' in entry.ref) out.repositoryConfigsById.push(entry.ref.id);
    }
    if (entry.settings !== undefined && 'name' in entry.ref) out.repositoryConfigsByName.push(entry.ref);
  }
  return { ...out, wholeRepositoryList: hasSettingsRules(config) };
}

export const repoOverrideReads: KindReads = { needs };
