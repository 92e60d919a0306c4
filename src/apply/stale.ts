// Is a saved plan still true? `apply PLANFILE` rebuilds the plan from the saved desired state and a
// fresh read of live state, then compares the two change lists here. Any difference means live
// state moved since the plan was reviewed: what was approved is no longer what would happen, so the
// plan is refused (exit 3, never overridden by --force) and the user plans again.
// Pure: values are compared in the canonical JSON form the saved plan was written in.

import { savedDesired } from '../config/saved-desired.js';
import { EmctlError } from '../contract/errors.js';
import { ownershipObjectOf } from '../core/kinds/registry.js';
import type { DesiredConfig } from '../core/model.js';
import type { Change, Operation, Plan, PlanOrganization, RuleRecord } from '../core/plan-model.js';
import { refusalError } from '../render/plan-messages.js';
import { compact, identityKey, isPlainObject } from '../render/values.js';

/**
 * Every object of the ownership rule (DESIGN 2) a saved plan's changes write, each asked of its
 * change's kind, as --target addresses (deduplicated, in order). A saved plan is stale when anything
 * of an object it writes moved.
 */
export function ownershipTargets(changes: readonly Change[]): string[] {
  return [...new Set(changes.flatMap(ownershipObjectOf))];
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * A base URL as the service it reaches: scheme, lowercase host, port (the default one dropped)
 * and path without a trailing slash; localhost, 127.0.0.1 and ::1 are one loopback host, so the
 * same emulator reached by either name is the same organization. A URL that does not parse is
 * compared as written.
 */
function serviceAddress(baseUrl: string): string {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return baseUrl;
  }
  // URL already lowercases the scheme and host and empties a default port.
  const host = LOOPBACK_HOSTS.has(url.hostname) ? 'loopback' : url.hostname;
  return `${url.protocol}//${host}:${url.port}${url.pathname.replace(/\/+$/, '')}${url.search}`;
}

/**
 * Why a plan made against `saved` cannot be applied to `now`, or undefined when it is the same
 * organization: another service address (serviceAddress), or an integration the plan saw that is gone or of another kind
 * now (an organization's integration ids are its own). Renamed integrations are the same ones.
 */
export function organizationDifference(saved: PlanOrganization | undefined, now: PlanOrganization): string | undefined {
  if (saved === undefined) return undefined; // a plan from before this was recorded: the staleness check still runs
  if (serviceAddress(saved.base_url) !== serviceAddress(now.base_url)) return `it was made against ${saved.base_url}, and this run is against ${now.base_url}`;
  const live = new Map(now.integrations.map((i) => [i.id, i] as const));
  const differing = saved.integrations.filter((i) => {
    const l = live.get(i.id);
    return !l || l.type !== i.type || l.provider !== i.provider;
  });
  if (differing.length === 0) return undefined;
  const named = differing.slice(0, 3).map((i) => `${i.id} (${i.provider} "${i.name}")`).join(', ');
  const more = differing.length > 3 ? ` and ${differing.length - 3} more` : '';
  return `integrations it saw are not in this organization: ${named}${more}`;
}

/** One line per difference, naming the address and what moved; empty when the plans agree. */
export function staleDifferences(saved: readonly Change[], rebuilt: readonly Change[]): string[] {
  const now = new Map(rebuilt.map((c) => [c.address, c] as const));
  const problems: string[] = [];
  for (const s of saved) {
    const r = now.get(s.address);
    if (!r) {
      problems.push(`${s.address}: no longer needs this change (live state moved)`);
      continue;
    }
    if (identityKey(s.before) !== identityKey(r.before)) {
      problems.push(`${s.address}: live value moved since the plan was made (was ${compact(s.before)}, now ${compact(r.before)})`);
    } else if (s.action !== r.action || identityKey(s.after) !== identityKey(r.after)) {
      problems.push(`${s.address}: the change would now be ${r.action} to ${compact(r.after)}, not ${s.action} to ${compact(s.after)}`);
    }
  }
  const savedAddresses = new Set(saved.map((c) => c.address));
  for (const r of rebuilt) {
    if (!savedAddresses.has(r.address)) {
      problems.push(`${r.address}: moved since the plan was made (a new change, ${r.action}, that the saved plan does not hold; the plan writes this object)`);
    }
  }
  return problems;
}

/**
 * A rule writes what it matches, so a saved plan holds only while each rule it recorded matches
 * the same repositories (DESIGN 2.1): a repository added, newly monitored, renamed or given a
 * literal key since makes it stale, even where the plan's own changes still hold. Rules the re-read
 * did not expand (the plan writes nothing through them) are not judged.
 */
export function ruleDifferences(saved: readonly RuleRecord[] | undefined, rebuilt: readonly RuleRecord[] | undefined): string[] {
  const now = new Map((rebuilt ?? []).map((r) => [r.rule, r] as const));
  const problems: string[] = [];
  for (const s of saved ?? []) {
    const r = now.get(s.rule);
    if (r === undefined || r.digest === s.digest) continue;
    const count = (n: number) => `${n} ${n === 1 ? 'repository' : 'repositories'}`;
    const what = r.repositories === s.repositories ? `other repositories (${count(r.repositories)})` : count(r.repositories);
    problems.push(`rule ${s.rule} wrote the settings of ${count(s.repositories)} when the plan was made and writes ${what} now (a repository was added, renamed, or started or stopped being monitored)`);
  }
  return problems;
}

/**
 * The saved operations must be the calls this emctl makes for the saved changes: the same changes
 * give the same calls, so any difference means the file's operations were edited (or made by another
 * emctl version) and would write something the reviewed changes do not say. One line per call
 * that is in one list and not the other.
 */
export function operationDifferences(saved: readonly Operation[], rebuilt: readonly Operation[]): string[] {
  const call = (op: Operation): string => `${op.method} ${op.path}${op.body === undefined ? '' : ` ${identityKey(op.body)}`}`;
  const count = (ops: readonly Operation[]): Map<string, number> => {
    const m = new Map<string, number>();
    for (const op of ops) m.set(call(op), (m.get(call(op)) ?? 0) + 1);
    return m;
  };
  const a = count(saved);
  const b = count(rebuilt);
  const problems: string[] = [];
  for (const op of saved) {
    const key = call(op);
    const left = b.get(key) ?? 0;
    if (left > 0) b.set(key, left - 1);
    else problems.push(`saved call not needed by its changes: ${op.method} ${op.path} (${op.description})`);
  }
  for (const op of rebuilt) {
    const key = call(op);
    const left = a.get(key) ?? 0;
    if (left > 0) a.set(key, left - 1);
    else problems.push(`call the changes need but the file lacks: ${op.method} ${op.path} (${op.description})`);
  }
  return problems;
}

export function staleError(planFile: string, problems: readonly string[]): EmctlError {
  return new EmctlError(
    'stale-plan',
    `the saved plan ${planFile} is stale: live state changed since it was made; run "emctl plan" again (--force does not override this)`,
    problems,
  );
}

/**
 * `rebuilt` (the saved plan's desired state planned again against live state now) proven to be the
 * plan that was reviewed: the same organization, the same changes (else it is stale), nothing the
 * service would refuse, and saved operations that are the calls its changes need. Returns the plan
 * the safety rails judge: the rebuilt one, whose destructive kinds and totals come from live state.
 * It read only the objects the saved plan writes, so a total that needs per-object reads (scope
 * keys, overrides) covers those alone; each share is judged on the saved plan's own total when that
 * is larger, so the rail the reviewer saw in the plan is the rail apply enforces (docs/planning.md).
 */
export function provenSavedPlan(saved: Plan, rebuilt: Plan, planFile: string): Plan {
  const otherOrganization = rebuilt.organization ? organizationDifference(saved.organization, rebuilt.organization) : undefined;
  if (otherOrganization !== undefined) {
    throw new EmctlError(
      'config',
      `the saved plan ${planFile} was made against another organization: ${otherOrganization}; nothing was written: make the plan against this organization with "emctl plan --out"`,
    );
  }
  const problems = [...staleDifferences(saved.changes, rebuilt.changes), ...ruleDifferences(saved.rules, rebuilt.rules)];
  if (problems.length > 0) throw staleError(planFile, problems);
  if (rebuilt.errors.length > 0) throw refusalError(rebuilt);
  const edited = operationDifferences(saved.operations, rebuilt.operations);
  if (edited.length > 0) {
    throw new EmctlError(
      'config',
      `the operations in ${planFile} are not the calls its changes need (the file was edited, or made by another emctl version); nothing was written: run "emctl plan --out" again`,
      edited,
    );
  }
  const totals = { ...rebuilt.totals };
  for (const [kind, total] of Object.entries(saved.totals) as [keyof Plan['totals'], number][]) totals[kind] = Math.max(totals[kind] ?? 0, total);
  return { ...rebuilt, totals };
}

/**
 * The desired state saved in a plan file, checked by the config schema (config/saved-desired.ts):
 * a hand-edited or foreign file fails with every bad key named instead of deep inside the planner.
 */
export function desiredFromPlan(raw: unknown, planFile: string): DesiredConfig {
  const bad = (what: string, details: readonly string[] = []): EmctlError =>
    new EmctlError('config', `${planFile} cannot be applied: ${what}; make it with "emctl plan --out"`, details);
  if (!isPlainObject(raw)) throw bad('it holds no desired state');
  const checked = savedDesired(raw);
  if ('problems' in checked) {
    const [first = '', ...rest] = checked.problems;
    throw bad(`its desired state is not a valid config (${first}${rest.length > 0 ? `, and ${rest.length} more` : ''})`, checked.problems);
  }
  return checked.config;
}
