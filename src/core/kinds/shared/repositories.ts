// How the Git kinds address and resolve a repository the config names (a team's Git scope, a
// repository's override set and its monitoring), and the config's own spelling of an address the
// planner gives by id.

import type { Repository } from '../../../contract/git-types.js';
import { repoAddress } from './addresses.js';
import type { PlanDraft } from '../../draft.js';
import type { ConfigPath, RepoRef } from '../../model.js';
import { resolveRepository } from '../../resolve.js';

/**
 * How a repository is addressed: `repo[1234]` when the config names it by id, or when its name
 * is on several Git integrations (the name alone would address two objects); `repo["acme/api"]`
 * otherwise.
 */
export function addressOfRepo(draft: PlanDraft, repo: Repository, ref?: RepoRef): string {
  if (ref && 'id' in ref) return repoAddress({ id: repo.id });
  const sameName = draft.repos.byName.get(repo.name) ?? [];
  return sameName.length > 1 ? repoAddress({ id: repo.id }) : repoAddress({ name: repo.name });
}

/**
 * The addresses the planner gives by id to repositories the config names by name (a name on
 * several Git integrations, written with `integration:`), each mapped to the config's spelling
 * `repo["name"]`: --target, --exclude and --changed-from name an object as the config does, and
 * must reach the same repository (matched by what the name resolves to, not by spelling).
 */
export function configSpellings(draft: PlanDraft): Map<string, string> {
  const out = new Map<string, string>();
  for (const entry of draft.config.git.repositories) {
    if ('id' in entry.ref) continue;
    const repo = resolveRepository(entry.ref, draft.repos, draft.config, draft.live.integrations).value;
    if (repo === undefined) continue;
    const planned = addressOfRepo(draft, repo, entry.ref);
    const written = repoAddress(entry.ref);
    if (planned !== written) out.set(planned, written);
  }
  return out;
}

/** The repository a config reference names, or undefined after reporting why it is unknown. */
export function resolveRepo(draft: PlanDraft, ref: RepoRef, path: ConfigPath): Repository | undefined {
  const r = resolveRepository(ref, draft.repos, draft.config, draft.live.integrations);
  if (r.value === undefined) draft.error(r.error ?? 'unknown repository', path);
  return r.value;
}

/**
 * What an answer that names a repository says of it (a team Git scope answer, which lists only
 * monitored ones; a configuration read by id): its id, name and URL, and that it is monitored.
 * What the planner uses of such a repository is its id, name and state; the fields the answer
 * does not carry are left empty.
 */
export function answeredRepository(r: { id: number; name: string; url: string }): Repository {
  return {
    id: r.id,
    name: r.name,
    http_url: r.url,
    provider_id: '',
    provider: 'host_a',
    integration_id: 0,
    visibility: null,
    state: 'monitored',
    failing_reason: null,
    created_at: '',
    updated_at: '',
    provider_last_pushed_at: null,
    has_webhook: false,
    is_onprem: false,
    ai_tool_rules: {},
  };
}
