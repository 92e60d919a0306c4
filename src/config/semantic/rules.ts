// Settings rules and scope globs (DESIGN 2.1), offline. Every glob is one emctl reads the same way
// everywhere (globProblem, as for git.monitoring). Two rules with one pattern and one integration
// are one object written twice (an error); one pattern on two integrations is two rules. A rule
// that a later rule matches every repository of is never used, since the last matching rule wins:
// a warning, as for a rule that matches nothing (the config still means one thing, and the usual
// cause is a specific rule written before a general one). Only certain
// cases are judged: a later `*`-suffixed prefix rule, or the same pattern; containment of two
// arbitrary globs is left alone. Linear in the rules (times the length of a pattern).

import { literalPrefix } from '../../core/glob-index.js';
import { isGlob } from '../../core/repo-patterns.js';
import { describePath, rulePattern } from '../describe.js';
import { globProblem } from '../glob.js';
import { keysOf, listOf, mapOf, type CheckContext } from './context.js';
import { IntegrationIndex } from './integrations.js';

/**
 * A glob with each run of wildcards in one spelling (`?` first, then one `*` if the run has any):
 * `a/**` and `a/*`, `*?` and `?*`, match the same names.
 */
export function normalGlob(glob: string): string {
  return glob.replace(/[*?]+/g, (run) => '?'.repeat(run.replace(/\*/g, '').length) + (run.includes('*') ? '*' : ''));
}

interface Rule {
  /** The key in the merged document (a twin's carries a mark: describe.ts rulePattern). */
  key: string;
  /** The pattern as written. */
  pattern: string;
  normal: string;
  /** The integration's identity as far as the file can tell; '' for a rule on every integration. */
  integration: string;
}

export function checkRules(ctx: CheckContext): void {
  const repos = mapOf(mapOf(ctx.doc.git)?.repositories);
  const index = new IntegrationIndex(ctx);
  const rules: Rule[] = [];
  // forEach over the key list, not for-of: see keysOf.
  keysOf(repos).forEach((key) => {
    if (!isGlob(key)) return;
    const pattern = rulePattern(key);
    const problem = globProblem(pattern);
    if (problem) {
      ctx.error(['git', 'repositories', key], `rule pattern ${JSON.stringify(pattern)} ${problem}`, { onKey: true });
      return;
    }
    const ref = mapOf(repos?.[key])?.integration;
    const integration = typeof ref === 'string' || typeof ref === 'number' ? (index.identity(ref) ?? `alias:${String(ref)}`) : '';
    rules.push({ key, pattern, normal: normalGlob(pattern), integration });
  });
  const duplicates = checkDuplicateRules(ctx, rules);
  checkShadowedRules(ctx, rules.filter((r) => !duplicates.has(r.key)));
  checkScopeGlobs(ctx);
}

function where(ctx: CheckContext, key: string): string {
  return ctx.keyWhere(['git', 'repositories', key]);
}

/** The later of two rules with one pattern and one integration, each reported; returns their keys. */
function checkDuplicateRules(ctx: CheckContext, rules: readonly Rule[]): Set<string> {
  const first = new Map<string, Rule>();
  const reported = new Set<string>();
  for (const rule of rules) {
    const id = `${rule.integration}\u0000${rule.normal}`;
    const earlier = first.get(id);
    if (earlier === undefined) {
      first.set(id, rule);
      continue;
    }
    reported.add(rule.key);
    ctx.error(
      ['git', 'repositories', rule.key],
      `rule \`${rule.pattern}\` has the same pattern and integration as rule \`${earlier.pattern}\` (${where(ctx, earlier.key)}); write each rule once`,
      { onKey: true },
    );
  }
  return reported;
}

/**
 * Each rule that a later one certainly covers: a later `P*` whose P starts every name the rule
 * matches, or a later rule with the same pattern on every integration, when the later one is on
 * every integration or on the rule's own.
 */
function checkShadowedRules(ctx: CheckContext, rules: readonly Rule[]): void {
  // Walking from the last rule back, the nearest later rule for each (integration, prefix) and
  // (integration, pattern).
  const laterPrefix = new Map<string, Rule>();
  const laterSame = new Map<string, Rule>();
  for (let n = rules.length - 1; n >= 0; n -= 1) {
    const rule = rules[n] as Rule;
    const shadow = shadowOf(rule, laterPrefix, laterSame);
    if (shadow !== undefined) {
      ctx.warning(
        ['git', 'repositories', rule.key],
        `rule \`${rule.pattern}\` is never used: rule \`${shadow.pattern}\` (${where(ctx, shadow.key)}), written after it, matches every repository it matches ` +
          `and the last matching rule wins; write \`${rule.pattern}\` after it, or delete it`,
        { onKey: true },
      );
    }
    const prefix = literalPrefix(rule.normal);
    if (rule.normal === `${prefix}*`) laterPrefix.set(`${rule.integration}\u0000${prefix}`, rule);
    laterSame.set(`${rule.integration}\u0000${rule.normal}`, rule);
  }
}

function shadowOf(rule: Rule, laterPrefix: ReadonlyMap<string, Rule>, laterSame: ReadonlyMap<string, Rule>): Rule | undefined {
  const integrations = rule.integration === '' ? [''] : ['', rule.integration];
  for (const integration of integrations) {
    // The same pattern on the same integration is a duplicate (reported above), so only a later
    // rule on every integration covers a rule on one.
    if (integration !== rule.integration) {
      const same = laterSame.get(`${integration}\u0000${rule.normal}`);
      if (same !== undefined) return same;
    }
    const prefix = literalPrefix(rule.normal);
    for (let length = prefix.length; length >= 0; length -= 1) {
      const later = laterPrefix.get(`${integration}\u0000${prefix.slice(0, length)}`);
      if (later !== undefined) return later;
    }
  }
  return undefined;
}

/** Globs among a team's Git scope entries: the same globs as everywhere. */
function checkScopeGlobs(ctx: CheckContext): void {
  const teams = mapOf(ctx.doc.teams);
  for (const team of keysOf(teams)) {
    const path = ['teams', team, 'git', 'repositories'];
    listOf(mapOf(mapOf(teams?.[team])?.git)?.repositories).forEach((entry, i) => {
      if (typeof entry !== 'string' || !isGlob(entry)) return;
      const problem = globProblem(entry);
      if (problem) ctx.error([...path, i], `pattern ${JSON.stringify(entry)} in ${describePath(path)} ${problem}`);
    });
  }
}
