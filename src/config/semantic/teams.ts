// The teams themselves (DESIGN 14), offline: the service's rules for a name, initials and a
// colour (contract/team-rules.ts, the same the emulator applies), the form of a member's email,
// a member written twice, the service's own two teams as keys, the same team twice (two keys
// that differ only in case, a key and a pin, two pins, an id key's `name:` and a name key) and a
// parent cycle the file alone shows.

import { SERVICE_TEAM_NAMES } from '../../contract/list-types.js';
import { teamColorProblem, teamInitialsProblem, teamNameKey, teamNameProblem } from '../../contract/team-rules.js';
import type { Path } from '../describe.js';
import type { PlainMap } from '../yaml/source.js';
import { keysOf, listOf, mapOf, type CheckContext } from './context.js';

const DIGITS = /^[0-9]+$/;
/** An email as the service takes one: something, `@`, a domain with a dot; no spaces. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const SERVICE_NAMES = new Set([teamNameKey(SERVICE_TEAM_NAMES.allTeams), teamNameKey(SERVICE_TEAM_NAMES.allContributors)]);

interface Entry {
  key: string;
  team: PlainMap;
  /** The team's id: its key or pin. */
  id?: number;
  /** The team's name as this file gives it: the key, or an id key's `name:`. */
  name?: string;
}

export function checkTeams(ctx: CheckContext): void {
  const teams = mapOf(ctx.doc.teams);
  const entries: Entry[] = [];
  for (const key of keysOf(teams)) {
    const team = mapOf(teams?.[key]);
    if (team === undefined) continue;
    const at: Path = ['teams', key];
    const byId = DIGITS.test(key);
    const entry: Entry = { key, team };
    if (byId) {
      entry.id = Number(key);
      if (team.id !== undefined) ctx.error([...at, 'id'], `team ${key} is keyed by its id: \`id:\` pins a team keyed by name`, { onKey: true });
      if (typeof team.name === 'string') {
        entry.name = team.name;
        nameRules(ctx, [...at, 'name'], team.name, false);
      }
    } else {
      entry.name = key;
      nameRules(ctx, at, key, true);
      if (typeof team.id === 'number') entry.id = team.id;
      if (team.name !== undefined) ctx.error([...at, 'name'], `team "${key}" is keyed by its name: rename it by changing the key (with \`id:\` pinned to keep the same team)`, { onKey: true });
    }
    if (typeof team.initials === 'string') {
      const problem = teamInitialsProblem(team.initials);
      if (problem) ctx.error([...at, 'initials'], problem);
    }
    if (typeof team.color === 'string') {
      const problem = teamColorProblem(team.color);
      if (problem) ctx.error([...at, 'color'], problem);
    }
    if (typeof team.parent === 'string') {
      if (teamNameKey(team.parent) === teamNameKey(SERVICE_TEAM_NAMES.allContributors)) ctx.error([...at, 'parent'], `a team cannot be a child of ${SERVICE_TEAM_NAMES.allContributors}`);
    }
    checkMembers(ctx, [...at, 'members'], team);
    entries.push(entry);
  }
  sameTeamTwice(ctx, entries);
  parentCycles(ctx, entries);
}

function nameRules(ctx: CheckContext, at: Path, name: string, onKey: boolean): void {
  // A key that starts with neither a letter nor a digit 1-9 is the schema's error already.
  const problem = onKey && !/^\p{L}/u.test(name) ? undefined : teamNameProblem(name);
  if (problem) ctx.error(at, `team name "${name}": ${problem}`, { onKey });
  if (SERVICE_NAMES.has(teamNameKey(name))) ctx.error(at, `"${name}" is a team the service keeps itself: emctl never writes it`, { onKey });
}

function checkMembers(ctx: CheckContext, at: Path, team: PlainMap): void {
  const seen = new Map<string, number>();
  listOf(team.members).forEach((member, i) => {
    let identity: string;
    if (typeof member === 'string') {
      if (!EMAIL.test(member)) {
        ctx.error([...at, i], `member "${member}" is not an email address (a contributor id is written as a number)`);
        return;
      }
      identity = member.toLowerCase();
    } else if (typeof member === 'number') identity = `#${member}`;
    else return;
    const first = seen.get(identity);
    if (first !== undefined) ctx.error([...at, i], `member ${typeof member === 'string' ? `"${member}"` : member} appears twice in the member set (first at line ${ctx.lineOf([...at, first])})`);
    else seen.set(identity, i);
  });
}

function sameTeamTwice(ctx: CheckContext, entries: readonly Entry[]): void {
  const byId = new Map<number, Entry>();
  const byName = new Map<string, Entry>();
  for (const entry of entries) {
    const at: Path = ['teams', entry.key];
    if (entry.id !== undefined) {
      const other = byId.get(entry.id);
      if (other !== undefined) ctx.error(at, `team ${entry.id} is written twice: here and as \`${other.key}\` (${ctx.keyWhere(['teams', other.key])})`, { onKey: true });
      else byId.set(entry.id, entry);
    }
    if (entry.name !== undefined) {
      const key = teamNameKey(entry.name);
      const other = byName.get(key);
      // The same key twice is the loader's error (one map, or two files); a case variant or a `name:` is this one.
      if (other !== undefined && other.key !== entry.key) ctx.error(at, `team "${entry.name}" is written twice: here and as \`${other.key}\` (${ctx.keyWhere(['teams', other.key])}); names compare case-insensitively`, { onKey: true });
      else byName.set(key, entry);
    }
  }
}

/** A cycle of parents among the file's teams (a parent named by a name or id this file gives a team). */
function parentCycles(ctx: CheckContext, entries: readonly Entry[]): void {
  const byName = new Map<string, Entry>();
  const byId = new Map<number, Entry>();
  for (const e of entries) {
    if (e.name !== undefined) byName.set(teamNameKey(e.name), e);
    if (e.id !== undefined) byId.set(e.id, e);
  }
  const parentOf = (e: Entry): Entry | undefined => {
    const p = e.team.parent;
    return typeof p === 'string' ? byName.get(teamNameKey(p)) : typeof p === 'number' ? byId.get(p) : undefined;
  };
  const state = new Map<Entry, 1 | 2>();
  for (const start of entries) {
    const chain: Entry[] = [];
    let at: Entry | undefined = start;
    while (at !== undefined && state.get(at) === undefined) {
      state.set(at, 1);
      chain.push(at);
      at = parentOf(at);
    }
    if (at !== undefined && state.get(at) === 1) {
      const loop = chain.slice(chain.indexOf(at));
      const names = [...loop, at].map((e) => e.name ?? e.key);
      ctx.error(['teams', at.key, 'parent'], `the parents make a cycle: ${names.join(' → ')}`);
    }
    for (const e of chain) state.set(e, 2);
  }
}
