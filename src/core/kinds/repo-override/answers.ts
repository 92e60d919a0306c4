// What a repository configuration write's answer proves: the service answers every write of a
// repository's overrides with the repository's whole configuration after it (api-spec), so
// apply's own-result check takes the override set from its last answer instead of reading it again.

import type { RepositoryConfigResponse } from '../../../contract/git-types.js';
import type { DesiredConfig } from '../../model.js';
import { indexRepositories, resolveRepository } from '../../resolve.js';
import type { LiveSnapshot } from '../../snapshot.js';
import type { AnswerLedger, KindAnswers } from '../kind.js';
import { AnswersById } from '../shared/answers-by-id.js';

const WRITES = /^(?:PUT|PATCH|DELETE) \/api\/v1\/git\/repositories\/\{repo_id\}\/config(?:\/\{section\})?$/;
const REPOSITORY_IN_PATH = /\/repositories\/(\d+)\//;

/** The last answer of each repository's configuration written; a repository whose last write failed or was lost is not here. */
class RepoOverrideAnswers extends AnswersById<RepositoryConfigResponse> implements AnswerLedger {
  constructor() {
    super((answer) => answer.repository_id, REPOSITORY_IN_PATH);
  }

  /** Repositories named by name are resolved against the list read before the apply. */
  unshown(config: DesiredConfig, before: LiveSnapshot): DesiredConfig {
    if (this.byId.size === 0) return config;
    const index = indexRepositories(before.repositories);
    const repositories = config.git.repositories.map((entry) => {
      if (entry.settings === undefined) return entry;
      const repo = resolveRepository(entry.ref, index, config, before.integrations).value;
      if (repo === undefined || !this.byId.has(repo.id)) return entry;
      const kept = { ...entry };
      delete kept.settings;
      return kept;
    });
    return { ...config, git: { ...config.git, repositories } };
  }

  land(after: LiveSnapshot): void {
    for (const [id, config] of this.byId) after.repositoryConfigs.set(id, config);
  }
}

export const repoOverrideAnswers: KindAnswers = {
  carries: (route) => WRITES.test(route),
  ledger: () => new RepoOverrideAnswers(),
};
