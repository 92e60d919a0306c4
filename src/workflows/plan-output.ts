// The steps every plan-like command shares (plan, apply without a plan file, drift): find and load
// the config (before any request), connect, read exactly what the config manages, build the plan,
// stamp it (time, files, desired state, the reads it rests on); plan-render.ts shows and saves it.
// One code path, so what `plan` shows is what `apply` would do (dnscontrol's preview/push rule).

import { narrowDesiredTo } from '../apply/verify-scope.js';
import { configPathIn, loadConfigOrThrow } from '../config/index.js';
import type { DesiredConfig } from '../core/model.js';
import type { Plan, PlanOrganization, PlanScope } from '../core/plan-model.js';
import { changedObjects, changedTargets, changeInScope, type ChangedScope } from '../core/changed-objects.js';
import { loadConfigAtRef } from '../config/at-git-ref.js';
import { EMCTL_VERSION } from '../core/version.js';
import { buildPlanStaged } from '../core/plan.js';
import type { LiveSnapshot } from '../core/snapshot.js';
import { readLiveState, readReachability } from '../state/read-live.js';
import { type StateClient } from '../state/live-reader.js';
import type { LaneObserver } from '../state/scheduler.js';
import { readRecords } from '../state/read-records.js';
import { managesAnything, snapshotAfterWrites, stillToRead, type WriteAnswers } from '../state/after-writes.js';
import { firstPrefixMatch } from '../core/address.js';
import { ownershipObject } from '../apply/stale.js';
import { scopeDesired, withOtherSpellings, type RepositorySpellings } from '../state/read-scope.js';
import { resolveScopeRepositories } from '../state/scope-repositories.js';
import { reachabilityOfPmPart } from '../state/early-reachability.js';
import type { EmClient } from '../api/client.js';
import { connect, type Connection } from './connect.js';
import { nowOf, type WorkflowIO } from './io.js';
import { relativeToCwd } from './relative-paths.js';
import type { Dependencies, GlobalOptions } from './options.js';
import { CONFIG_CHECKS } from './config-checks.js';

/** Loads and validates the config; every problem comes back at once as one EmctlError('config'). */
export async function loadDesired(io: WorkflowIO, given: string | undefined): Promise<DesiredConfig> {
  return loadConfigOrThrow(configPathIn(io.cwd, given), CONFIG_CHECKS);
}

/**
 * The config as saved in a plan: everything but the source map (positions of the files) and the
 * measurement reports, which are no part of the desired state.
 */
export function desiredForPlan(config: DesiredConfig): unknown {
  const { sourceMap, reports, ...rest } = config;
  void sourceMap;
  void reports;
  return JSON.parse(JSON.stringify(rest)) as unknown;
}

export interface PlanOptions {
  targets?: string[];
  excludes?: string[];
  /**
   * How the output names the scope (`--changed-from main`); default: the --target / --exclude
   * flags. The reads are narrowed by targets and excludes either way (src/state/read-scope.ts).
   */
  narrowedBy?: string[];
  /**
   * --changed-from: plan (and read) only the objects whose desired state differs from the config
   * at the ref, intersected with `targets`.
   */
  changedFrom?: ChangedFrom;
  /** Reads of one route handed to the client at once; --concurrency. */
  perRoute?: number;
  /** Told of reads held back per route (the progress line's total). */
  observer?: LaneObserver;
  /** For tests and reproducible output; default now. */
  now?: Date;
}

export interface PlanOutcome {
  plan: Plan;
  snapshot: LiveSnapshot;
}

/**
 * Reads live state for `config` and builds the stamped plan. Sends only GETs. When the plan's
 * writes name entities of lists that may hold unreachable ones, those lists are read again
 * without them and the plan is built again, so that a write the service would refuse
 * (entity_not_reachable, entity_not_found) is predicted; a plan without such writes costs nothing more.
 */
export async function planAgainstLive(client: StateClient, config: DesiredConfig, opts: PlanOptions = {}): Promise<PlanOutcome> {
  const readOptions = { ...(opts.perRoute === undefined ? {} : { perRoute: opts.perRoute }), ...(opts.observer === undefined ? {} : { observer: opts.observer }) };
  // A repository the patterns spell otherwise than the config (repo[ID] for one written by name,
  // or the reverse) is resolved first, with a configuration read or a name lookup.
  const patterns = { targets: opts.targets ?? [], excludes: opts.excludes ?? [] };
  const resolved = await resolveScopeRepositories(client, config, patterns);
  const spelled = resolved.spellings === undefined ? patterns : { ...patterns, repositories: resolved.spellings };
  // Only the objects in scope are read and diffed; the plan saves the whole desired state.
  const changed =
    opts.changedFrom === undefined
      ? undefined
      : changedReadScope(config, opts.changedFrom, withOtherSpellings(patterns.targets, resolved.spellings), patterns.excludes, resolved.spellings);
  const scope = changed?.scope ?? scopeDesired(config, spelled);
  const now = opts.now ?? new Date();
  const planOptions = {
    targets: opts.targets ?? [],
    excludes: opts.excludes ?? [],
    today: now.toISOString().slice(0, 10),
    ...(changed === undefined ? {} : { keep: changed.keep }),
  };
  // The lists whose reachability the plan needs are read as soon as the PM part of the state is in.
  const reachabilityFor = reachabilityOfPmPart(scope.desired, planOptions);
  const { snapshot, sources } = await readLiveState(resolved.client, scope.desired, { ...readOptions, reachabilityFor });
  const staged = buildPlanStaged(scope.desired, snapshot, planOptions);
  let plan = staged.plan;
  if (plan.unknownReachability !== undefined) {
    await readReachability(client, snapshot, plan.unknownReachability, readOptions);
    plan = staged.predictAgain();
  }
  plan.created_at = now.toISOString();
  plan.config_files = [...config.files];
  if (changed !== undefined) plan.scope = changed.planScope(scopeFlags(opts));
  else if (scope.scoped) plan.scope = { narrowed_by: opts.narrowedBy ?? scopeFlags(opts), objects: scope.objects };
  plan.desired = desiredForPlan(config);
  plan.reads = readRecords(plan, scope.desired, snapshot, sources);
  return { plan, snapshot };
}

/** --changed-from: the ref and the objects whose desired state changed since it (core/changed-objects.ts). */
export interface ChangedFrom {
  ref: string;
  changes: ChangedScope;
}

/**
 * The read scope of a --changed-from plan: the changed objects' addresses (intersected with
 * --target) fed to the same narrowing --target uses (state/read-scope.ts); with nothing changed,
 * nothing per object is read. Changed monitoring patterns keep the patterns in the narrowed config,
 * so every repository's monitoring state is planned from the repository list.
 */
function changedReadScope(
  config: DesiredConfig,
  from: ChangedFrom,
  targets: readonly string[],
  excludes: readonly string[],
  repositories: RepositorySpellings | undefined,
) {
  const { targets: addresses, objects } = changedTargets(config, from.changes, targets);
  const scope =
    addresses.length > 0
      ? scopeDesired(config, { targets: addresses, excludes, ...(repositories === undefined ? {} : { repositories }) })
      : { desired: { ...config, collection: [], teams: [], git: { defaults: {}, repositories: [] } } as DesiredConfig, objects: 0, scoped: true };
  const repoExcluded = excludes.some((e) => e.trim().replace(/\.+$/, '') === 'repo');
  if (from.changes.allMonitoring && config.git.monitoring !== undefined && !repoExcluded) {
    scope.desired = { ...scope.desired, git: { ...scope.desired.git, monitoring: config.git.monitoring } };
  }
  return {
    scope,
    keep: changeInScope(from.changes),
    planScope: (flags: string[]): PlanScope => {
      const s: PlanScope = { narrowed_by: [`--changed-from ${from.ref}`, ...flags], objects, changed_from: from.ref };
      if (from.changes.unmanaged.length > 0) s.no_longer_managed = from.changes.unmanaged.length;
      if (from.changes.allMonitoring) s.all_monitoring = true;
      return s;
    },
  };
}

function scopeFlags(opts: PlanOptions): string[] {
  return [...(opts.targets ?? []).map((t) => `--target ${t}`), ...(opts.excludes ?? []).map((e) => `--exclude ${e}`)];
}

/**
 * The final check of an apply (DESIGN 3): the objects written are planned again against live state
 * (the desired state narrowed to them, so only they are read again, and the plan narrowed to
 * their addresses); an address that still has a change does not match.
 */
export function verifierFor(
  client: StateClient,
  desired: DesiredConfig,
  perRoute: number,
  known?: { before: LiveSnapshot; answers: WriteAnswers; now?: Date },
  shown?: Pick<Connection, 'reading' | 'progress'>,
): (addresses: string[]) => Promise<string[]> {
  const observer = shown ? { observer: shown.progress } : {};
  // Progress, but no "nothing was written" on Ctrl-C: apply's own handler speaks for this phase.
  const reading = <T>(read: () => Promise<T>): Promise<T> => (shown ? shown.reading(read, { interrupt: false }) : read());
  if (known === undefined) {
    return async (addresses) => {
      const written = new Set(addresses);
      const { plan } = await reading(() => planAgainstLive(client, narrowDesiredTo(desired, addresses), { targets: addresses, perRoute, ...observer }));
      return [...new Set(plan.changes.map((c) => c.address).filter((a) => written.has(a)))];
    };
  }
  // The objects whose write answers carry their state are compared with those answers; the rest,
  // and objects whose answer was lost, are read again (state/after-writes.ts). Each object written
  // is compared whole: a key of it that someone else changed during the apply is named too.
  return async (addresses) => {
    const narrowed = narrowDesiredTo(desired, addresses);
    const reread = stillToRead(narrowed, known.answers, known.before);
    const fresh = managesAnything(reread) ? (await reading(() => readLiveState(client, reread, { perRoute, ...observer }))).snapshot : undefined;
    const after = snapshotAfterWrites(known.before, known.answers, fresh);
    const { plan } = buildPlanStaged(narrowed, after, { today: (known.now ?? new Date()).toISOString().slice(0, 10) });
    const writtenObject = firstPrefixMatch([...new Set(addresses.flatMap(ownershipObject))], (prefix) => prefix);
    return [...new Set(plan.changes.map((c) => c.address).filter((a) => writtenObject(a) !== undefined))];
  };
}

/** What planFromConfig / planForDesired hand back: the plan, the live state it rests on, the globals in force. */
export interface LivePlan extends PlanOutcome {
  globals: GlobalOptions;
}

export interface ConfigPlan extends LivePlan {
  config: DesiredConfig;
}

export interface LivePlanOptions {
  targets?: string[];
  excludes?: string[];
  /** --changed-from GIT_REF (planFromConfig loads the config at the ref and compares). */
  changedFrom?: string;
  /** The comparison itself, when already made (planFromConfig hands it to planForDesired). */
  changes?: ChangedFrom;
  /**
   * The client the reads go through. drift passes readOnly: its plan is then built through an
   * object with no write method.
   */
  wrapClient?: (client: EmClient) => StateClient;
}

/**
 * Runs with the plan while the connection is still open (apply writes through it); the connection
 * is closed after it returns or throws. Without it the connection is closed as soon as the plan is
 * built, and nothing outside these functions ever holds it.
 */
export type WhileConnected<P, T> = (planned: P, connection: Connection) => Promise<T>;

/**
 * The steps plan, drift and apply share: load the config (`-c PATH`, before any request: an
 * invalid config sends nothing), connect, read live state, build the plan, close the connection.
 */
export async function planFromConfig(deps: Dependencies, io: WorkflowIO, configPath: string | undefined, opts?: LivePlanOptions): Promise<ConfigPlan>;
export async function planFromConfig<T>(
  deps: Dependencies,
  io: WorkflowIO,
  configPath: string | undefined,
  opts: LivePlanOptions,
  whileConnected: WhileConnected<ConfigPlan, T>,
): Promise<T>;
export async function planFromConfig<T>(
  deps: Dependencies,
  io: WorkflowIO,
  configPath: string | undefined,
  opts: LivePlanOptions = {},
  whileConnected?: WhileConnected<ConfigPlan, T>,
): Promise<T | ConfigPlan> {
  const config = await loadDesired(io, configPath);
  if (opts.changedFrom !== undefined) {
    // Before any request, like every config error: a bad ref or an invalid old config sends nothing.
    const before = await loadConfigAtRef(configPathIn(io.cwd, configPath), opts.changedFrom, CONFIG_CHECKS);
    opts = { ...opts, changes: { ref: opts.changedFrom, changes: changedObjects(before, config) } };
  }
  const withConfig = (planned: LivePlan): ConfigPlan => ({ ...planned, config });
  if (whileConnected === undefined) return withConfig(await planForDesired(deps, io, config, opts));
  return planForDesired(deps, io, config, opts, (planned, connection) => whileConnected(withConfig(planned), connection));
}

/** The same for a desired state already in hand (apply PLANFILE re-plans the one saved in the plan). */
export async function planForDesired(deps: Dependencies, io: WorkflowIO, desired: DesiredConfig, opts?: LivePlanOptions): Promise<LivePlan>;
export async function planForDesired<T>(
  deps: Dependencies,
  io: WorkflowIO,
  desired: DesiredConfig,
  opts: LivePlanOptions,
  whileConnected: WhileConnected<LivePlan, T>,
): Promise<T>;
export async function planForDesired<T>(
  deps: Dependencies,
  io: WorkflowIO,
  desired: DesiredConfig,
  opts: LivePlanOptions = {},
  whileConnected?: WhileConnected<LivePlan, T>,
): Promise<T | LivePlan> {
  const { globals } = deps;
  const connection = await connect(globals, io);
  try {
    const client = opts.wrapClient ? opts.wrapClient(connection.client) : connection.client;
    const outcome = await connection.reading(() =>
      planAgainstLive(client, desired, {
        ...(opts.targets === undefined ? {} : { targets: opts.targets }),
        ...(opts.excludes === undefined ? {} : { excludes: opts.excludes }),
        ...(opts.changes === undefined ? {} : { changedFrom: opts.changes }),
        now: nowOf(io),
        perRoute: globals.concurrency,
        observer: connection.progress,
      }),
    );
    outcome.plan.emctl_version = EMCTL_VERSION;
    relativeToCwd(outcome.plan, io.cwd);
    outcome.plan.organization = organizationOf(globals.emulator !== undefined ? `emulator:${globals.emulator}` : connection.baseUrl, outcome.snapshot);
    const planned: LivePlan = { ...outcome, globals };
    return whileConnected ? await whileConnected(planned, connection) : planned;
  } finally {
    await connection.close();
  }
}

/** The organization a plan is made against: where, and every integration it saw (DESIGN 3). */
export function organizationOf(baseUrl: string, snapshot: LiveSnapshot): PlanOrganization {
  const integrations = snapshot.integrations
    .map((i) => ({ id: i.id, type: i.type, provider: i.provider, name: i.name }))
    .sort((a, b) => a.id - b.id);
  return { base_url: withoutSecrets(baseUrl), integrations };
}

/** A base URL as a plan file may keep it: no user info, query or fragment (any could carry a secret). */
function withoutSecrets(baseUrl: string): string {
  try {
    const url = new URL(baseUrl);
    url.username = '';
    url.password = '';
    url.search = '';
    url.hash = '';
    return url.href.replace(/\/+$/, '');
  } catch {
    return baseUrl; // `emulator:FIXTURE`
  }
}
