// Integration references: every alias used is declared; two names for one integration do not
// both own the same object; provider-specific keys fit the provider (when `provider:` says it);
// and a board or project a team scope names is in the selection set when that set is written.

import { PM_SCOPE_KEYS, SCOPE_KEYS, type PmProvider } from '../../contract/types.js';
import { describePath, didYouMean } from '../describe.js';
import type { PlainMap, PlainValue } from '../yaml/source.js';
import { keysOf, listOf, mapOf, pmScopes, type CheckContext } from './context.js';
import { IntegrationIndex, isGitProvider } from './integrations.js';

export function checkReferences(ctx: CheckContext): void {
  const index = new IntegrationIndex(ctx);
  checkAliasTargets(ctx, index);
  checkCollection(ctx, index);
  checkTeamScopes(ctx, index);
  checkRepositoryIntegrations(ctx, index);
  checkSelectionCoversScopes(ctx, index);
}

function undeclared(index: IntegrationIndex, ref: string): string {
  const hint = didYouMean(ref, index.aliases.keys());
  return `integration alias \`${ref}\` is not declared under \`integrations:\`${hint}`;
}

/** Two aliases for one integration would make two owners of the same objects. */
function checkAliasTargets(ctx: CheckContext, index: IntegrationIndex): void {
  const seen = new Map<string, string>();
  for (const alias of index.aliases.keys()) {
    const identity = index.identity(alias);
    if (identity === undefined || identity.startsWith('alias:')) continue;
    const first = seen.get(identity);
    if (first === undefined) seen.set(identity, alias);
    else {
      const what = identity.startsWith('id:') ? `integration ${identity.slice(3)}` : `integration "${identity.slice(5)}"`;
      ctx.error(['integrations', alias], `aliases \`${first}\` and \`${alias}\` both name ${what}; use one alias per integration`, { onKey: true });
    }
  }
}

/** Keys of a map that name integrations: each declared, each integration at most once. */
function checkIntegrationKeys(ctx: CheckContext, index: IntegrationIndex, path: (string | number)[], map: PlainMap | undefined): void {
  const seen = new Map<string, string>();
  for (const key of keysOf(map)) {
    if (!index.isKnown(key)) {
      ctx.error([...path, key], undeclared(index, key), { onKey: true });
      continue;
    }
    const identity = index.identity(key);
    if (identity === undefined) continue;
    const first = seen.get(identity);
    if (first === undefined) seen.set(identity, key);
    else ctx.error([...path, key], `\`${first}\` and \`${key}\` name the same integration in ${describePath(path)}; write it once`, { onKey: true });
  }
}

function checkCollection(ctx: CheckContext, index: IntegrationIndex): void {
  const collection = mapOf(ctx.doc.collection);
  checkIntegrationKeys(ctx, index, ['collection'], collection);
  for (const key of keysOf(collection)) {
    const provider = index.provider(key);
    if (isGitProvider(provider)) {
      ctx.error(['collection', key], `\`${key}\` is a ${provider} (Git) integration; collection takes PM integrations`, { onKey: true });
    } else if (provider === 'tracker_b' && mapOf(collection?.[key])?.boards !== undefined) {
      ctx.error(['collection', key, 'boards'], `\`${key}\` is a tracker_b integration, which has no boards; it collects projects`, { onKey: true });
    }
  }
}

function checkTeamScopes(ctx: CheckContext, index: IntegrationIndex): void {
  const teams = mapOf(ctx.doc.teams);
  for (const team of keysOf(teams)) {
    const pm = mapOf(mapOf(teams?.[team])?.pm);
    checkIntegrationKeys(ctx, index, ['teams', team, 'pm'], pm);
  }
  for (const [team, key, scope] of pmScopes(ctx.doc)) {
    const provider = index.provider(key);
    if (provider === undefined) continue;
    const path = ['teams', team, 'pm', key];
    if (isGitProvider(provider)) {
      ctx.error(path, `\`${key}\` is a ${provider} (Git) integration; a PM scope takes a PM integration`, { onKey: true });
      continue;
    }
    const allowed = SCOPE_KEYS[provider as PmProvider];
    for (const k of keysOf(scope)) {
      if (k === 'methodology' || allowed.includes(k as never)) continue;
      if (!(PM_SCOPE_KEYS as readonly string[]).includes(k)) continue; // the schema reports it
      ctx.error([...path, k], `\`${k}\` is not a ${provider} scope key (\`${key}\` is ${provider}: ${allowed.join(', ')})`, { onKey: true });
    }
  }
}

function checkRepositoryIntegrations(ctx: CheckContext, index: IntegrationIndex): void {
  const repos = mapOf(mapOf(ctx.doc.git)?.repositories);
  // forEach over the key list, not for-of: see keysOf.
  keysOf(repos).forEach((name) => {
    const ref = mapOf(repos?.[name])?.integration;
    const path = (): string[] => ['git', 'repositories', name, 'integration'];
    if (typeof ref === 'string' && !index.isKnown(ref)) ctx.error(path(), undeclared(index, ref));
    else if (typeof ref === 'string' || typeof ref === 'number') {
      const provider = index.provider(ref);
      if (provider !== undefined && !isGitProvider(provider)) {
        ctx.error(path(), `\`${String(ref)}\` is a ${provider} (PM) integration; a repository belongs to a Git integration`);
      }
    }
  });
}

interface Named {
  kind: 'id' | 'name';
  value: string;
}
function named(v: PlainValue | undefined): Named | undefined {
  if (typeof v === 'string') return { kind: 'id', value: v };
  const m = mapOf(v);
  return typeof m?.name === 'string' ? { kind: 'name', value: m.name } : undefined;
}

/**
 * A scope write selects the boards (tracker_a) and projects (tracker_b) it names, so when the
 * config also writes the exact selected set, that set must contain them or the two objects fight.
 * Entries named by id on one side and by name on the other cannot be matched offline: plan does.
 */
function checkSelectionCoversScopes(ctx: CheckContext, index: IntegrationIndex): void {
  const collection = mapOf(ctx.doc.collection);
  const selections = new Map<string, { key: string; kinds: Set<Named['kind']>; written: Set<string> }>();
  for (const ck of keysOf(collection)) {
    const identity = index.identity(ck);
    for (const type of ['boards', 'projects'] as const) {
      const list = mapOf(collection?.[ck])?.[type];
      if (identity === undefined || !Array.isArray(list) || selections.has(`${type} ${identity}`)) continue;
      const entries = list.map(named).filter((n): n is Named => n !== undefined);
      selections.set(`${type} ${identity}`, { key: ck, kinds: new Set(entries.map((e) => e.kind)), written: new Set(entries.map((e) => `${e.kind} ${e.value}`)) });
    }
  }
  const selectionOf = (key: string, type: 'boards' | 'projects') => selections.get(`${type} ${index.identity(key) ?? ''}`);
  const check = (path: (string | number)[], entity: PlainValue | undefined, type: 'boards' | 'projects', key: string, team: string) => {
    const n = named(entity);
    const selection = selectionOf(key, type);
    if (!n || !selection) return;
    if (selection.written.has(`${n.kind} ${n.value}`)) return;
    if (selection.kinds.has(n.kind === 'id' ? 'name' : 'id')) return; // by id vs by name: plan checks it
    const noun = type === 'boards' ? 'board' : 'project';
    const shown = n.kind === 'id' ? `"${n.value}"` : `{ name: "${n.value}" }`;
    ctx.error(
      path,
      `${noun} ${shown} is in team ${team}'s ${key} scope but not in collection.${selection.key}.${type}, the exact selected set; ` +
        `add it there (a scope write selects it, and the selection would then deselect it)`,
    );
  };
  for (const [team, key, scope] of pmScopes(ctx.doc)) {
    const path = ['teams', team, 'pm', key];
    if (index.provider(key) !== 'tracker_b') {
      listOf(scope.boards).forEach((b, i) => check([...path, 'boards', i], b, 'boards', key, team));
    }
    if (index.provider(key) !== 'tracker_a') {
      listOf(scope.project_team_areas).forEach((p, i) =>
        check([...path, 'project_team_areas', i, 'project'], mapOf(p)?.project, 'projects', key, team),
      );
    }
  }
}
