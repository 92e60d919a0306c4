// Rules expanded (DESIGN 2.1): the settings rules and team scope globs of a config become the
// literal objects they stand for, in one pure step over the repository list, before anything is
// diffed. A rule's expanded entry names its repository by id and carries the rule's pattern, so
// every change it makes says which rule made it. What a rule matches is a repository monitored
// once the plan is applied (the monitoring decisions of this same config, else the live state);
// a literal key writing a repository's settings wins over every rule; of several rules the last
// written wins (CODEOWNERS). Each repository is visited once and meets only the globs that can
// match its name (glob-index.ts), so 100,000 repositories against 1,000 rules cost about what
// the list itself does, never repositories x rules.

import { targetsReach, matchesAddressPrefix } from './address.js';
import { repoAddress } from './kinds/shared/addresses.js';
import { identityKey } from './canonical.js';
import { canonicalSection } from './kinds/shared/settings-section.js';
import type { OrgSection, Repository, RepositorySettings } from '../contract/git-types.js';
import { GlobIndex } from './glob-index.js';
import type { ConfigPath, DesiredConfig, DesiredGitScope, DesiredRepository, DesiredRule, DesiredTeam, ReadScope, RepoRef, RuleScope } from './model.js';
import { isMonitored, monitoredAfter, monitoringDecisions, type MonitoringDecisions } from './monitoring-decisions.js';
import { isGlob } from './repo-patterns.js';
import { indexRepositories, resolveIntegration } from './resolve.js';
import type { LiveSnapshot } from './snapshot.js';

/** What one rule writes: the repositories whose whole override set it is, by id, ascending. */
export interface RuleCoverage {
  /** The rule's address: `repo["payments/*"]`. */
  rule: string;
  repositories: number[];
}

export interface RuleMessage {
  message: string;
  path: ConfigPath;
}

export interface Expansion {
  /** The config with no rule or scope glob left: their objects as literal entries, each naming its rule. */
  config: DesiredConfig;
  /** Per settings rule, in file order. */
  coverage: RuleCoverage[];
  warnings: RuleMessage[];
  errors: RuleMessage[];
}

export const isGlobRef = (ref: RepoRef): boolean => 'name' in ref && isGlob(ref.name);

/** Whether the config has settings rules (each is matched against every repository). */
export function hasSettingsRules(config: DesiredConfig): boolean {
  return (config.git.rules?.length ?? 0) > 0;
}

/** Whether some team's Git scope has globs still to expand (an expanded scope lists what they matched). */
export function hasUnexpandedScopeGlobs(config: DesiredConfig): boolean {
  return config.teams.some((t) => t.git !== undefined && t.git.matched === undefined && t.git.repositories.some(isGlobRef));
}

/** Whether the config has settings rules or team scope globs still to expand (an expanded config has none). */
export function hasRules(config: DesiredConfig): boolean {
  return hasSettingsRules(config) || hasUnexpandedScopeGlobs(config);
}

/** `repo["payments/*"]`: how --target, --exclude and the plan name a rule. */
export function ruleAddress(pattern: string): string {
  return repoAddress({ name: pattern });
}

/** The address of a rule-made change spelled with the rule: `repo["payments/*"].settings.x` for `repo["payments/api"].settings.x`. */
export function ruleSpelling(address: string, pattern: string): string | undefined {
  const at = address.lastIndexOf('.settings');
  return at < 0 ? undefined : ruleAddress(pattern) + address.slice(at);
}

export function expandRules(config: DesiredConfig, reads: ReadScope, live: Pick<LiveSnapshot, 'repositories' | 'repositoriesComplete' | 'integrations'>): Expansion {
  const rules = config.git.rules ?? [];
  if (!hasRules(config)) return { config, coverage: [], warnings: [], errors: [] };
  const out: Expansion = { config, coverage: rules.map((r) => ({ rule: ruleAddress(r.pattern), repositories: [] })), warnings: [], errors: [] };
  const { rules: _rules, ...git } = config.git;
  void _rules;
  const ruleScope = reads.ruleScope;
  if (!live.repositoriesComplete) {
    const where = rules[0]?.path ?? config.teams.find((t) => t.git?.repositories.some(isGlobRef))?.git?.path ?? ['git'];
    out.errors.push({ message: 'rules and scope patterns need the complete repository list, which was not read', path: where });
    out.config = { ...config, git: { ...git, repositories: [...config.git.repositories] } };
    return out;
  }
  const repos = indexRepositories(live.repositories);
  const decisions = monitoringDecisions(config, reads, repos, live);
  const monitored = monitoredAfter(decisions);
  // A team scope takes monitored repositories only: not one whose collection is failing, which the
  // service lists apart from monitored ones (and leaves out of scope answers).
  const inScopes = (repo: Repository): boolean => {
    const decided = decisions.decided.get(repo.id);
    return decided === undefined ? repo.state === 'monitored' : decided && repo.state !== 'failing';
  };
  const settings = settingsRules(config, rules, live, out.errors);
  const literal = literalSettings(config, [...config.git.repositories.filter((e) => e.settings !== undefined).map((e) => e.ref), ...(ruleScope?.literal ?? [])], live);
  const before = ruleScope?.before === undefined ? undefined : previousOwners(config, ruleScope.before, live);
  const inScope = expandedInScope(ruleScope);
  const scopes = scopeGlobs(config.teams);
  const matchedAny = new Set<number>();
  const expanded: { entry: DesiredRepository; name: string }[] = [];

  for (const repo of repos.all) {
    if (!monitored(repo)) {
      const stop = stoppedDespiteRule(repo, decisions, settings, rules);
      if (stop !== undefined) out.warnings.push(stop);
      continue;
    }
    const owner = settings.owner(repo, matchedAny);
    if (owner !== undefined && !literal(repo)) {
      const rule = rules[owner] as DesiredRule;
      out.coverage[owner]?.repositories.push(repo.id);
      const starts = ruleScope?.monitoringStarts === true && decisions.decided.get(repo.id) === true && !isMonitored(repo);
      const changed = before === undefined || starts || before(repo) !== settingsKey(rule.settings);
      if (changed && inScope(repo, rule)) {
        expanded.push({ entry: { ref: { id: repo.id }, settings: rule.settings, path: rule.path, rule: rule.pattern }, name: repo.name });
      }
    }
    if (!inScopes(repo)) continue;
    scopes.index.forEachMatch(repo.name, (glob) => {
      glob.used = true;
      glob.matched.add(repo.id);
    });
  }

  rules.forEach((rule, n) => {
    if (!settings.usable.has(n)) return;
    if (!matchedAny.has(n)) out.warnings.push({ message: `rule "${rule.pattern}" matches no repository monitored once this plan is applied`, path: rule.path });
    else if (out.coverage[n]?.repositories.length === 0) {
      out.warnings.push({ message: `rule "${rule.pattern}" writes no repository: a literal key or a later rule writes each one it matches`, path: rule.path });
    }
  });
  for (const glob of scopes.globs) {
    if (!glob.used) out.warnings.push({ message: `team ${glob.team}'s Git scope pattern "${glob.pattern}" matches no repository monitored once this plan is applied`, path: glob.path });
  }
  expanded.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : (a.entry.ref as { id: number }).id - (b.entry.ref as { id: number }).id));
  out.config = {
    ...config,
    teams: config.teams.map((team) => scopes.expand(team)),
    git: { ...git, repositories: [...config.git.repositories, ...expanded.map((e) => e.entry)] },
  };
  return out;
}

/**
 * An exact git.monitoring list does not grow with rules: a repository that started being
 * monitored in the service, that a rule matches and that the list leaves out is stopped by the
 * plan, and a CI apply would stop collecting it. Said beside the rule, where the list is written.
 * A repository's own `monitored: false`, or an exclude entry matching it, is a stop written on
 * purpose and is not warned about.
 */
function stoppedDespiteRule(repo: Repository, decisions: MonitoringDecisions, settings: ReturnType<typeof settingsRules>, rules: readonly DesiredRule[]): RuleMessage | undefined {
  if (!isMonitored(repo) || decisions.decided.get(repo.id) !== false) return undefined;
  const written = decisions.written.get(repo.id);
  if (written === undefined || written.ref !== undefined || decisions.excluded.has(repo.id)) return undefined;
  const owner = settings.owner(repo, new Set());
  const rule = owner === undefined ? undefined : rules[owner];
  if (rule === undefined) return undefined;
  return {
    message:
      `${repoAddress({ name: repo.name })} stops being monitored, though rule "${rule.pattern}" matches it: git.monitoring.include does not grow with rules; ` +
      'add the repository (or a pattern) to git.monitoring.include to keep collecting it, or to git.monitoring.exclude to stop it on purpose',
    path: written.path,
  };
}

/** Equal override sets give equal keys (each section in canonical form, as the diff compares them). */
export function settingsKey(settings: RepositorySettings | undefined): string {
  if (settings === undefined) return 'unmanaged';
  const canonical: Record<string, unknown> = {};
  for (const [section, value] of Object.entries(settings)) canonical[section] = canonicalSection(section as OrgSection, value);
  return identityKey(canonical);
}

/** The settings rules on one index; `owner` is the last rule (file order) that matches a repository. */
function settingsRules(config: DesiredConfig, rules: readonly DesiredRule[], live: Pick<LiveSnapshot, 'integrations'>, errors: RuleMessage[]) {
  const index = new GlobIndex<number>();
  const integrationOf: (number | undefined)[] = [];
  const usable = new Set<number>();
  rules.forEach((rule, n) => {
    if (rule.integration !== undefined) {
      const resolved = resolveIntegration(config, rule.integration, live.integrations, 'git');
      if (resolved.value === undefined) {
        // The plan fails on the error; the rule takes no repository meanwhile.
        errors.push({ message: `rule "${rule.pattern}": ${resolved.error ?? 'unknown integration'}`, path: [...rule.path, 'integration'] });
        return;
      }
      integrationOf[n] = resolved.value.id;
    }
    usable.add(n);
    index.add(rule.pattern, n);
  });
  return {
    usable,
    /** The rule that writes `repo` (when no literal key does), noting in `matched` every rule that matches it. */
    owner(repo: Repository, matched: Set<number>): number | undefined {
      let last = -1;
      index.forEachMatch(repo.name, (n) => {
        const integration = integrationOf[n];
        if (integration !== undefined && integration !== repo.integration_id) return;
        matched.add(n);
        if (n > last) last = n;
      });
      return last < 0 ? undefined : last;
    },
  };
}

/**
 * Whether a literal key writes a repository's settings: by id, by name, or by name on one
 * integration. A name whose `integration:` does not resolve counts on every integration (the
 * plan fails on it anyway, and no rule should write what it may name).
 */
function literalSettings(config: DesiredConfig, refs: readonly RepoRef[], live: Pick<LiveSnapshot, 'integrations'>): (repo: Repository) => boolean {
  const ids = new Set<number>();
  const names = new Set<string>();
  const namesOn = new Set<string>();
  for (const ref of refs) {
    if ('id' in ref) ids.add(ref.id);
    else if (ref.integration === undefined) names.add(ref.name);
    else {
      const integration = resolveIntegration(config, ref.integration, live.integrations, 'git').value;
      if (integration === undefined) names.add(ref.name);
      else namesOn.add(`${integration.id}\u0000${ref.name}`);
    }
  }
  return (repo) => ids.has(repo.id) || names.has(repo.name) || namesOn.has(`${repo.integration_id}\u0000${repo.name}`);
}

/**
 * --changed-from: the override set each repository had in the config at the ref (its literal key,
 * else the last of its rules there), as a settingsKey.
 */
function previousOwners(config: DesiredConfig, before: NonNullable<RuleScope['before']>, live: Pick<LiveSnapshot, 'integrations'>): (repo: Repository) => string {
  const rules = settingsRules(config, before.rules, live, []);
  const literal = new Map<string, RepositorySettings | undefined>();
  const written = literalSettings(config, before.literal.map((e) => e.ref), live);
  for (const entry of before.literal) literal.set(refKey(entry.ref), entry.settings);
  return (repo) => {
    if (written(repo)) {
      for (const key of [`id:${repo.id}`, `name:${repo.name}`]) if (literal.has(key)) return settingsKey(literal.get(key));
      return 'literal';
    }
    const owner = rules.owner(repo, new Set());
    return owner === undefined ? 'unmanaged' : settingsKey(before.rules[owner]?.settings);
  };
}

function refKey(ref: RepoRef): string {
  return 'id' in ref ? `id:${ref.id}` : `name:${ref.name}`;
}

/**
 * Which expanded objects a narrowed plan keeps: one a target reaches (by the repository's name,
 * its id or the rule's address) and no exclude covers. Every object of an unscoped plan. A name
 * reaches every repository of that name (on every Git integration), as it does for literal keys
 * (address.ts, otherRepoSpelling).
 */
function expandedInScope(scope: RuleScope | undefined): (repo: Repository, rule: DesiredRule) => boolean {
  if (scope === undefined || (scope.targets.length === 0 && scope.excludes.length === 0)) return () => true;
  const reaches = targetsReach(scope.targets);
  return (repo, rule) => {
    const objects = [`${repoAddress({ id: repo.id })}.settings`, `${repoAddress({ name: repo.name })}.settings`, `${ruleAddress(rule.pattern)}.settings`];
    if (!objects.some(reaches)) return false;
    return !scope.excludes.some((e) => objects.some((o) => matchesAddressPrefix(o, e)));
  };
}

interface ScopeGlob {
  /** The team as the config keys it: `42` or `"Payments"`. */
  team: string;
  pattern: string;
  path: ConfigPath;
  used: boolean;
  matched: Set<number>;
}

/** Every team's scope globs on one index, and each team's scope with its globs replaced by what they matched. */
function scopeGlobs(teams: readonly DesiredTeam[]) {
  const index = new GlobIndex<ScopeGlob>();
  const globs: ScopeGlob[] = [];
  const ofTeam = new Map<DesiredTeam, ScopeGlob[]>();
  for (const team of teams) {
    const git = team.git;
    if (git === undefined) continue;
    git.repositories.forEach((ref, i) => {
      if (!('name' in ref) || !isGlob(ref.name)) return;
      const glob: ScopeGlob = { team: 'id' in team.key ? String(team.key.id) : JSON.stringify(team.key.name), pattern: ref.name, path: [...git.path, 'repositories', i], used: false, matched: new Set() };
      index.add(ref.name, glob);
      globs.push(glob);
      const own = ofTeam.get(team);
      if (own === undefined) ofTeam.set(team, [glob]);
      else own.push(glob);
    });
  }
  return {
    index,
    globs,
    expand(team: DesiredTeam): DesiredTeam {
      const own = ofTeam.get(team);
      if (own === undefined || team.git === undefined) return team;
      const matched = new Set<number>();
      const matchedBy: Record<string, string> = {};
      for (const glob of own) {
        for (const id of glob.matched) {
          matched.add(id);
          matchedBy[String(id)] ??= glob.pattern;
        }
      }
      // The globs stay where they are (config paths index the list as the model sorted it); the
      // diff reads `matched` in their place, and names the glob of each repository it brings in.
      const git: DesiredGitScope = { ...team.git, matched: [...matched].sort((a, b) => a - b), matchedBy };
      return { ...team, git };
    },
  };
}
