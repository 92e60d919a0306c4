// Git repository rules (api-spec.md endpoints 8-9): the paged, filtered list and the monitoring
// PATCH with per-repository rejections and the repository quota.

import type { MonitorEntry, MonitorResponse, Repository, RepositoryState, Visibility } from '../../contract/git-types.js';
import { refused, type Reply } from '../route/reply.js';
import type { Journal } from '../state/journal.js';
import type { EmulatorState, RepoRec } from '../state/state.js';

export interface ListReposQuery {
  page: number;
  pageSize: number;
  name?: string;
  providerId?: string;
  integrationIds?: number[];
  states?: RepositoryState[];
  visibilities?: Visibility[];
}

export function repoToWire(r: RepoRec): Repository {
  return {
    id: r.id,
    provider_id: r.provider_id,
    name: r.name,
    http_url: r.http_url,
    provider: r.provider,
    integration_id: r.integration_id,
    visibility: r.visibility,
    state: r.state,
    failing_reason: r.failing_reason,
    created_at: r.created_at,
    updated_at: r.updated_at,
    provider_last_pushed_at: r.provider_last_pushed_at,
    has_webhook: r.has_webhook,
    is_onprem: r.is_onprem,
    ai_tool_rules: r.ai_tool_rules,
  };
}

/** Filtered pools per filter signature, valid while no repository changed state. */
const poolCache = new WeakMap<EmulatorState, { version: number; pools: Map<string, readonly RepoRec[]> }>();
/** Each repository's wire JSON, keyed by the fields that can change, so a change invalidates it. */
const jsonCache = new WeakMap<RepoRec, { state: RepositoryState; updatedAt: string; hasWebhook: boolean; text: string }>();

function filteredPool(state: EmulatorState, q: ListReposQuery): readonly RepoRec[] {
  // The name index answers exact-name reads without a scan; other filters scan the id-ordered list once.
  const base: readonly RepoRec[] = q.name !== undefined ? (state.reposByName.get(q.name) ?? []).slice().sort((a, b) => a.id - b.id) : state.reposSorted;
  if (q.providerId === undefined && !q.integrationIds && !q.states && !q.visibilities) return base;
  let cache = poolCache.get(state);
  if (!cache || cache.version !== state.repoVersion) {
    cache = { version: state.repoVersion, pools: new Map() };
    poolCache.set(state, cache);
  }
  const signature = JSON.stringify([q.name, q.providerId, q.integrationIds, q.states, q.visibilities]);
  const hit = cache.pools.get(signature);
  if (hit) return hit;
  const integrations = q.integrationIds && new Set(q.integrationIds);
  const pool = base.filter(
    (r) =>
      (q.providerId === undefined || r.provider_id === q.providerId) &&
      (!integrations || integrations.has(r.integration_id)) &&
      (!q.states || q.states.includes(r.state)) &&
      (!q.visibilities || (r.visibility !== null && q.visibilities.includes(r.visibility))),
  );
  if (cache.pools.size > 1000) cache.pools.clear();
  cache.pools.set(signature, pool);
  return pool;
}

/** One page of repositories (the rule); the route serializes it. */
export function pageRepositories(state: EmulatorState, q: ListReposQuery): { total: number; page: RepoRec[] } {
  if (q.integrationIds) {
    for (const id of q.integrationIds) {
      const i = state.integrations.get(id);
      if (!i || i.type !== 'git' || i.deleted_at) throw refused(404, `integration ${id} not found`);
    }
  }
  const pool = filteredPool(state, q);
  const start = (q.page - 1) * q.pageSize;
  return { total: pool.length, page: pool.slice(start, start + q.pageSize) };
}

/** The list response as JSON text, from per-repository JSON kept between requests. */
export function listRepositoriesJson(state: EmulatorState, q: ListReposQuery): string {
  const { total, page } = pageRepositories(state, q);
  const items = page.map((r) => {
    const cached = jsonCache.get(r);
    if (cached && cached.state === r.state && cached.updatedAt === r.updated_at && cached.hasWebhook === r.has_webhook) return cached.text;
    const text = JSON.stringify(repoToWire(r));
    jsonCache.set(r, { state: r.state, updatedAt: r.updated_at, hasWebhook: r.has_webhook, text });
    return text;
  });
  return `{"total":${total},"items":[${items.join(',')}]}`;
}

function monitoredCount(state: EmulatorState): number {
  let n = 0;
  for (const r of state.reposSorted) if (r.state === 'monitored' || r.state === 'failing') n++;
  return n;
}

export function setMonitoring(state: EmulatorState, journal: Journal, entries: MonitorEntry[]): Reply {
  const counts = new Map<number, number>();
  for (const e of entries) counts.set(e.id, (counts.get(e.id) ?? 0) + 1);
  const body: MonitorResponse = { applied: [], rejected: [] };
  const accepted: [RepoRec, MonitorEntry][] = [];
  for (const entry of entries) {
    const reject = (code: MonitorResponse['rejected'][number]['code'], message: string) => body.rejected.push({ ...entry, code, message });
    const repo = state.repos.get(entry.id);
    const integration = repo && state.integrations.get(repo.integration_id);
    if ((counts.get(entry.id) ?? 0) > 1) reject('duplicate_repository', `repository ${entry.id} appears more than once in the request`);
    else if (!repo) reject('repository_not_found', `repository ${entry.id} not found`);
    else if (!integration || integration.deleted_at || integration.state !== 'ok') {
      reject('integration_not_available', `the Git integration of repository ${entry.id} is not available (state ${integration?.state ?? 'deleted'})`);
    } else if (repo.writeFails) reject('write_failed', `repository ${entry.id} could not be updated; retry`);
    else if (repo.stateChangePending) reject('state_changed', `repository ${entry.id} changed state during the request; read it again`);
    else if (entry.state === 'not_monitored' && repo.state === 'discovered') reject('never_monitored', `repository ${entry.id} was never monitored`);
    else if (entry.state === 'not_monitored' && repo.backfillInProgress) reject('backfill_in_progress', `repository ${entry.id} is loading its history; stop it once the backfill ends`);
    else {
      body.applied.push({ ...entry });
      accepted.push([repo, entry]);
    }
  }
  const counting = (s: RepositoryState) => s === 'monitored' || s === 'failing';
  const before = monitoredCount(state);
  const delta = accepted.reduce((d, [r, e]) => d + (counting(r.state) === (e.state === 'monitored') ? 0 : e.state === 'monitored' ? 1 : -1), 0);
  if (delta > 0 && before + delta > state.limits.repositoryQuota) {
    throw refused(403, `monitoring ${delta} more repositories would exceed the repository quota of ${state.limits.repositoryQuota} (${before} monitored)`);
  }
  if (body.applied.length === 0) return { status: 400, body };
  for (const [repo, entry] of accepted) {
    if (repo.state === entry.state) continue;
    repo.state = entry.state;
    repo.failing_reason = null;
    repo.has_webhook = entry.state === 'monitored';
    repo.updated_at = journal.now();
    state.repoVersion++;
    journal.touch();
  }
  return { status: 200, body };
}
