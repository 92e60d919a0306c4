// The plan's `reads`: for each GET whose answer gave a changed object its live value, the call
// (method and path with query), the addresses it covers, and a sha256 digest of the live values
// the plan used for them (each change's `before`, in canonical JSON). A saved plan thereby names
// the exact calls to repeat and what they must still show for the plan to hold.
//
// The digest is over the planner's canonical `before` values rather than the raw response bytes:
// fields the plan does not use (selected_last_updated_at, names, used_by of other entities) may
// move without making the plan wrong.

import { createHash } from 'node:crypto';
import type { Integration } from '../contract/types.js';
import { kindOf } from '../core/kinds/registry.js';
import { repoAddress } from '../core/kinds/shared/addresses.js';
import { identityKey } from '../core/canonical.js';
import type { DesiredConfig, RepoRef } from '../core/model.js';
import type { Change, Plan, ReadRecord, RuleRecord } from '../core/plan-model.js';
import { isGlobRef, type RuleCoverage } from '../core/rules.js';
import { indexRepositories, resolveIntegration, resolveRepository, type RepoIndex } from '../core/resolve.js';
import type { LiveSnapshot } from '../core/snapshot.js';
import { entityKey, type ReadSources } from '../core/reads/sources.js';

/** sha256 (hex) of the canonical JSON of the (address, before) pairs, sorted by address. */
export function readDigest(changes: readonly Pick<Change, 'address' | 'before'>[]): string {
  const pairs = [...changes].sort((a, b) => (a.address < b.address ? -1 : a.address > b.address ? 1 : 0)).map((c) => [c.address, c.before ?? null]);
  return createHash('sha256').update(identityKey(pairs)).digest('hex');
}

function integrationFor(config: DesiredConfig, alias: string, integrations: Integration[]): Integration | undefined {
  const byAlias = resolveIntegration(config, alias, integrations).value;
  if (byAlias) return byAlias;
  return /^\d+$/.test(alias) ? resolveIntegration(config, Number(alias), integrations).value : undefined;
}

/**
 * Every repository the config names, in the file's order: its per-repository entries, then the
 * team Git scopes' repositories (not their globs). Where two refs spell one address (a name with
 * and without `integration:`), the later one wins.
 */
function repositoryRefs(config: DesiredConfig): RepoRef[] {
  const refs: RepoRef[] = config.git.repositories.map((r) => r.ref);
  for (const team of config.teams) refs.push(...(team.git?.repositories ?? []).filter((r) => !isGlobRef(r)));
  return refs;
}

/**
 * Repository address (`repo["acme/api"]`, `repo[1234]`) -> repository id, for the repositories the
 * snapshot holds. Answers one address at a time: a plan's repository changes are a few of the
 * repositories a whole list holds, so no address is spelled for the others.
 */
function repositoryIdsByAddress(config: DesiredConfig, snapshot: LiveSnapshot): (address: string) => number | undefined {
  let index: RepoIndex | undefined;
  let written: Map<string, number> | undefined;
  return (address) => {
    index ??= indexRepositories(snapshot.repositories);
    if (written === undefined) {
      // As the config writes them: a name with `integration:` picks one of several repositories of that name.
      written = new Map();
      for (const ref of repositoryRefs(config)) {
        const repo = resolveRepository(ref, index, config, snapshot.integrations).value;
        if (repo) written.set(repoAddress(ref), repo.id);
      }
    }
    const fromConfig = written.get(address);
    if (fromConfig !== undefined) return fromConfig;
    const inner = address.slice('repo['.length, -1);
    if (/^\d+$/.test(inner)) return index.byId.has(Number(inner)) ? Number(inner) : undefined;
    const named = index.byName.get(JSON.parse(inner) as string);
    return named?.length === 1 ? named[0]?.id : undefined;
  };
}

/** The GET path that returned a change's live value (its kind says which read showed it), or undefined when no read held it. */
function sourceOf(
  change: Change,
  ctx: { config: DesiredConfig; snapshot: LiveSnapshot; sources: ReadSources; repoIds: (address: string) => number | undefined },
): string | undefined {
  const { config, snapshot, sources } = ctx;
  const source = kindOf(change.kind).liveSource?.(change.address);
  switch (source?.from) {
    case undefined:
      return undefined;
    case 'entity list': {
      const integration = integrationFor(config, source.integration, snapshot.integrations);
      return integration && sources.entityPages.get(entityKey(integration.id, source.type, source.entity));
    }
    case 'team PM scope':
      return sources.teamPmScopes.get(source.teamId);
    case 'team Git scope':
      return sources.teamGitScopes.get(source.teamId);
    case 'org configuration':
      return sources.orgConfig;
    case 'repository configuration':
    case 'repository list': {
      const id = ctx.repoIds(source.repo);
      if (id === undefined) return undefined;
      return source.from === 'repository configuration' ? sources.repositoryConfigs.get(id) : sources.repositories.get(id);
    }
  }
}

/** One record per GET path, addresses in plan order, records in first-use order. */
export function readRecords(plan: Plan, config: DesiredConfig, snapshot: LiveSnapshot, sources: ReadSources): ReadRecord[] {
  const ctx = { config, snapshot, sources, repoIds: repositoryIdsByAddress(config, snapshot) };
  const byPath = new Map<string, Change[]>();
  for (const change of plan.changes) {
    const path = sourceOf(change, ctx);
    if (path === undefined) continue;
    const list = byPath.get(path) ?? [];
    list.push(change);
    byPath.set(path, list);
  }
  return [...byPath.entries()].map(([path, changes]) => ({
    addresses: changes.map((c) => c.address),
    method: 'GET' as const,
    path,
    digest: readDigest(changes),
  }));
}

/**
 * What each settings rule writes, as the plan records it: the count and a digest of the ids, so
 * `apply PLANFILE` can tell that a rule now matches other repositories (apply/stale.ts).
 */
export function ruleRecords(coverage: readonly RuleCoverage[]): RuleRecord[] {
  return coverage.map((c) => ({
    rule: c.rule,
    repositories: c.repositories.length,
    digest: createHash('sha256').update(JSON.stringify(c.repositories)).digest('hex'),
  }));
}

const CONFIG_READ = /^\/api\/v1\/git\/repositories\/(\d+)\/config$/;
const BY_NAME_SETTINGS = /^repo\[(".*")\]\.settings(?:\.|$)/;

/**
 * The ids a saved plan's read records give repositories its config names by name: the
 * configuration read that showed an override set's live value names the repository's id in its
 * path. apply PLANFILE reads those configurations again by id, with no name lookup.
 */
export function repositoryIdsOfReads(reads: readonly ReadRecord[]): { name: string; id: number }[] {
  const out = new Map<string, number>();
  for (const read of reads) {
    const id = CONFIG_READ.exec(read.path)?.[1];
    if (id === undefined) continue;
    for (const address of read.addresses) {
      const name = BY_NAME_SETTINGS.exec(address)?.[1];
      if (name !== undefined) out.set(JSON.parse(name) as string, Number(id));
    }
  }
  return [...out].map(([name, id]) => ({ name, id }));
}
