// `safety.protected` and `drift.ignore[].address` hold plan addresses (DESIGN.md §3) or prefixes
// of them. Each must be spelled as the planner spells addresses and name something this config
// writes: protecting or ignoring an object the config does not manage would silently do nothing.
// Also: drift.ignore `until` is a real calendar date; a date in the past is a warning.

import { isDate } from '../../contract/calendar.js';
import { ORG_SECTIONS, REPO_SECTIONS } from '../../contract/git-types.js';
import { PM_SCOPE_KEYS } from '../../contract/types.js';
import { TEAM_PROPERTIES as TEAM_OWN_PROPERTIES } from '../../core/kinds/team/address.js';
import { didYouMean } from '../describe.js';
import type { PlainMap } from '../yaml/source.js';
import { keysOf, listOf, mapOf, type CheckContext } from './context.js';

type Part = { kind: 'name'; value: string } | { kind: 'index'; value: string | number };

/** Splits `team[42].pm.tracker` into parts; undefined when it is not address syntax. */
export function splitAddress(address: string): Part[] | undefined {
  const parts: Part[] = [];
  let i = 0;
  while (i < address.length) {
    if (address[i] === '[') {
      const rest = address.slice(i + 1);
      const str = /^"(?:[^"\\]|\\.)*"\]/.exec(rest);
      const num = /^([0-9]+)\]/.exec(rest);
      if (str) {
        parts.push({ kind: 'index', value: JSON.parse(str[0].slice(0, -1)) as string });
        i += 1 + str[0].length;
      } else if (num) {
        parts.push({ kind: 'index', value: Number(num[1]) });
        i += 1 + num[0].length;
      } else return undefined;
      continue;
    }
    if (parts.length > 0) {
      if (address[i] !== '.') return undefined;
      i++;
    }
    const name = /^[A-Za-z0-9_-]+/.exec(address.slice(i));
    if (!name) return undefined;
    parts.push({ kind: 'name', value: name[0] });
    i += name[0].length;
  }
  return parts;
}

const EXAMPLES = 'team[42].pm.tracker.boards, repo["acme/api"].settings.default_branch, git.defaults.releases_detection';
const TEAM_PROPERTIES = [...TEAM_OWN_PROPERTIES, 'members'] as const;
const PM_KEYS: string[] = [...PM_SCOPE_KEYS, 'methodology'];

/** Undefined when the address names something the config writes; else why not. */
export function addressProblem(doc: PlainMap, address: string): string | undefined {
  const parts = splitAddress(address);
  if (!parts || parts.length === 0) return `\`${address}\` is not a plan address (e.g. ${EXAMPLES})`;
  const at = (n: number): Part | undefined => parts[n];
  const name = (n: number) => (at(n)?.kind === 'name' ? String(at(n)?.value) : undefined);
  const index = (n: number) => (at(n)?.kind === 'index' ? at(n)?.value : undefined);
  const prefix = (n: number) =>
    parts
      .slice(0, n)
      .map((p, i) => (p.kind === 'index' ? `[${JSON.stringify(p.value)}]` : i === 0 ? p.value : `.${p.value}`))
      .join('');
  const tooLong = (n: number) => (parts.length > n ? `\`${address}\` is not a plan address: nothing is addressed below \`${prefix(n)}\`` : undefined);
  const head = name(0);
  const git = mapOf(doc.git);

  if (head === 'collection') {
    const alias = name(1);
    const collection = mapOf(doc.collection);
    if (alias === undefined) return parts.length === 1 ? (collection ? undefined : 'the config writes no `collection`') : `\`${address}\` is not a plan address`;
    const sel = mapOf(collection?.[alias]);
    if (!sel) return `the config writes no collection for \`${alias}\`${didYouMean(alias, keysOf(collection))}`;
    const type = name(2);
    if (parts.length === 2) return undefined;
    if (type !== 'boards' && type !== 'projects') return `\`${address}\` is not a plan address: a selection is \`boards\` or \`projects\``;
    if (!Array.isArray(sel[type])) return `the config does not write collection.${alias}.${type}`;
    if (parts.length === 3) return undefined;
    if (typeof index(3) !== 'string') return `\`${address}\` is not a plan address: write the entity as ${type}["id"]`;
    return tooLong(4);
  }
  if (head === 'team') {
    const ref = index(1);
    const teams = mapOf(doc.teams);
    if (ref === undefined) return `\`${address}\` is not a plan address: write the team as team[42] or team["Payments"]`;
    const label = typeof ref === 'number' ? `team ${ref}` : `team "${ref}"`;
    const key = typeof ref === 'number' ? String(ref) : keysOf(teams).find((k) => !/^[0-9]+$/.test(k) && k.toLowerCase() === ref.toLowerCase());
    const team = key === undefined ? undefined : mapOf(teams?.[key]);
    if (!team) {
      // Under exact ownership a team the file does not write is one to delete: it may be protected.
      if (parts.length === 2 && typeof ref === 'string' && mapOf(doc.ownership)?.teams === 'exact') return undefined;
      return `the config writes no ${label}${typeof ref === 'string' ? didYouMean(ref, keysOf(teams)) : ''}`;
    }
    if (parts.length === 2) return undefined;
    const area = name(2);
    if (area !== undefined && (TEAM_PROPERTIES as readonly string[]).includes(area)) {
      const written = area === 'name' ? team.name !== undefined || typeof ref === 'string' : team[area] !== undefined;
      if (!written) return `${label} does not write \`${area}\``;
      if (area === 'members' && parts.length === 4 && index(3) !== undefined) return undefined;
      return tooLong(3);
    }
    if (area === 'pm') {
      const pm = mapOf(team.pm);
      if (!pm) return `${label} has no \`pm\` scope in the config`;
      if (parts.length === 3) return undefined;
      const key = name(3) ?? String(index(3));
      const scope = mapOf(pm[key]);
      if (!scope) return `${label} has no PM scope \`${key}\` in the config${didYouMean(key, keysOf(pm))}`;
      if (parts.length === 4) return undefined;
      const k = name(4);
      if (k === undefined || !PM_KEYS.includes(k)) return `\`${address}\` is not a plan address: a PM scope has ${PM_KEYS.join(', ')}${didYouMean(k ?? '', PM_KEYS)}`;
      if (k === 'methodology' && scope.methodology === undefined) return `${label}'s \`${key}\` scope does not write \`methodology\``;
      return tooLong(5);
    }
    if (area === 'git') {
      if (!mapOf(team.git)) return `${label} has no \`git\` scope in the config`;
      if (parts.length === 3) return undefined;
      const k = name(3);
      if (k !== 'repositories' && k !== 'services') return `\`${address}\` is not a plan address: a Git scope has repositories, services`;
      return tooLong(4);
    }
    return `\`${address}\` is not a plan address: under ${prefix(2)} come ${TEAM_PROPERTIES.map((p) => `\`${p}\``).join(', ')}, \`pm\` and \`git\``;
  }
  if (head === 'git') {
    if (!git) return 'the config writes no `git`';
    if (parts.length === 1) return undefined;
    const area = name(1);
    if (area === 'monitoring') return git.monitoring === undefined ? 'the config writes no `git.monitoring`' : tooLong(2);
    if (area !== 'defaults') return `\`${address}\` is not a plan address: under git come \`defaults\` and \`monitoring\``;
    const defaults = mapOf(git.defaults);
    if (!defaults) return 'the config writes no `git.defaults`';
    if (parts.length === 2) return undefined;
    const section = name(2) ?? '';
    if (!(ORG_SECTIONS as readonly string[]).includes(section)) return `\`${section}\` is not a settings section${didYouMean(section, ORG_SECTIONS)}`;
    if (defaults[section] === undefined) return `the config does not write git.defaults.${section}`;
    return tooLong(3);
  }
  if (head === 'repo') {
    const ref = index(1);
    if (ref === undefined) return `\`${address}\` is not a plan address: write the repository as repo["owner/name"] or repo[1234]`;
    const repos = mapOf(git?.repositories);
    const repo = mapOf(repos?.[String(ref)]);
    const monitoring = git?.monitoring !== undefined;
    const label = typeof ref === 'number' ? `repository ${ref}` : `repository \`${ref}\``;
    if (!repo && !monitoring) return `the config writes no ${label}${didYouMean(String(ref), keysOf(repos))}`;
    if (parts.length === 2) return undefined;
    const k = name(2);
    if (k === 'monitored') {
      if (!monitoring && repo?.monitored === undefined) return `the config does not write \`monitored\` for ${label} (nor git.monitoring)`;
      return tooLong(3);
    }
    if (k !== 'settings') return `\`${address}\` is not a plan address: under a repository come \`settings\` and \`monitored\``;
    if (!mapOf(repo?.settings)) return `the config does not write \`settings\` for ${label}`;
    if (parts.length === 3) return undefined;
    const section = name(3) ?? '';
    if (!(REPO_SECTIONS as readonly string[]).includes(section)) return `\`${section}\` is not a repository settings section${didYouMean(section, REPO_SECTIONS)}`;
    return tooLong(4);
  }
  return `\`${address}\` is not a plan address (e.g. ${EXAMPLES})`;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function checkAddresses(ctx: CheckContext): void {
  const safety = mapOf(ctx.doc.safety);
  const seen = new Map<string, number>();
  listOf(safety?.protected).forEach((address, i) => {
    if (typeof address !== 'string') return;
    const problem = addressProblem(ctx.doc, address);
    if (problem) ctx.error(['safety', 'protected', i], `protected address \`${address}\`: ${problem}`);
    if (seen.has(address)) ctx.warning(['safety', 'protected', i], `protected address \`${address}\` is listed twice`);
    seen.set(address, i);
  });
  listOf(mapOf(ctx.doc.drift)?.ignore).forEach((rule, i) => {
    const r = mapOf(rule);
    if (typeof r?.address === 'string') {
      const problem = addressProblem(ctx.doc, r.address);
      if (problem) ctx.error(['drift', 'ignore', i, 'address'], `ignore address \`${r.address}\`: ${problem}`);
    }
    if (typeof r?.until === 'string' && DATE.test(r.until)) {
      const today = ctx.checks.today;
      if (!isDate(r.until)) ctx.error(['drift', 'ignore', i, 'until'], `\`until\` ${r.until} is not a calendar date`);
      else if (today !== undefined && r.until < today) ctx.warning(['drift', 'ignore', i, 'until'], `this rule expired on ${r.until}; drift under \`${String(r.address)}\` is reported again`);
    }
  });
}
