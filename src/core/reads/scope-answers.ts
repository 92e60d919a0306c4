// What the team scope answers already say, so that a read asks the service only for what they do
// not (DESIGN 7: every read must be needed). Pure: no I/O. Each kind says what the answers tell of
// its own needs (kinds/shared/read-needs.ts: a team PM scope answer names the entities of the
// scope, a team Git scope answer its repositories); this file combines them through the registry.

import type { Integration, TeamPmScopeResponse } from '../../contract/types.js';
import type { Repository, RepositoryConfigResponse, TeamGitScopeResponse } from '../../contract/git-types.js';
import { EVERY_KIND } from '../kinds/registry.js';
import { answeredRepository } from '../kinds/shared/repositories.js';
import type { DesiredConfig } from '../model.js';
import { listKey, type EntityListRead } from '../snapshot.js';
import type { MergedNeeds } from './read-plan.js';

/**
 * The entity lists the team scope answers stand in for, with the entities the answers name: each
 * kind's, the first kind to answer a list giving it.
 */
export function entityListsAnswered(
  config: DesiredConfig,
  integrations: readonly Integration[],
  answers: ReadonlyMap<number, TeamPmScopeResponse | 'not_found'>,
): EntityListRead[] {
  const out = new Map<string, EntityListRead>();
  for (const kind of EVERY_KIND) {
    for (const list of kind.reads?.listsAnswered?.(config, integrations, answers) ?? []) {
      const key = listKey(list.integrationId, list.type);
      if (!out.has(key)) out.set(key, list);
    }
  }
  return [...out.values()];
}

/**
 * The config as the repository read sees it once the team Git scope answers are in, each kind
 * leaving out what the answers hold of its repositories, and the repositories the answers give.
 * Monitoring patterns judged on part of the organization decide only the repositories read for
 * them (monitoringScope), never one taken from an answer.
 */
export function repositoriesAnswered(
  config: DesiredConfig,
  answers: ReadonlyMap<number, TeamGitScopeResponse | 'not_found'>,
): { forReads: DesiredConfig; repositories: Repository[] } {
  let forReads = config;
  const found = new Map<number, Repository>();
  for (const kind of EVERY_KIND) {
    const answered = kind.reads?.repositoriesAnswered?.(forReads, answers);
    if (answered === undefined) continue;
    forReads = answered.forReads;
    for (const r of answered.repositories) if (!found.has(r.id)) found.set(r.id, r);
  }
  return { forReads, repositories: [...found.values()] };
}

/**
 * The repositories whose configuration was read by the id a saved plan gave (the kinds'
 * knownById), as their answers name them: the override set is planned for the repository of that
 * id. One renamed since the plan does not resolve by the config's name, and the plan is refused
 * naming it.
 */
export function configuredRepositories(needs: Pick<MergedNeeds, 'knownById'>, configs: ReadonlyMap<number, RepositoryConfigResponse>): Repository[] {
  const out: Repository[] = [];
  for (const { id } of needs.knownById) {
    const answer = configs.get(id);
    // Monitoring is not managed for these (their kinds say so), so their state is not used.
    if (answer !== undefined) out.push(answeredRepository({ id, name: answer.repository_name, url: '' }));
  }
  return out;
}
