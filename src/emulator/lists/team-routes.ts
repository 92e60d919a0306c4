// The team routes of the service's "Teams V2" API (api-notes.md, "Managing teams"; DESIGN.md
// section 14) and the older v1 team routes over the same records. Bodies are read as the
// service's framework reads them: every problem at once, 422 in the Pydantic shape. A bad or
// missing key is 403, as on the team list (http/router.ts).

import { LIST_PAGE_SIZE_MAX } from '../../contract/list-types.js';
import { Issues, Query, bodyList, isObject, noExtraFields, pathInt } from '../route/params.js';
import type { Reply } from '../route/reply.js';
import { refused } from '../route/reply.js';
import type { Route, RouteContext } from '../route/route.js';
import type { TeamRec } from '../state/state.js';
import type { ListStore } from './routes.js';
import { contributorsOf, listed, teamEntries, teamEntry, type TeamEntry } from './teams.js';
import { checkProperties, createTeams, deleteTeam, removeMember, resolveMember, updateTeam, writeMembers, type MemberRef, type TeamCreate, type TeamUpdate } from './team-writes.js';

const STATUS = 422;
/** Teams one create call takes at most (the docs give no bound; a body is 10 MB at most anyway). */
export const TEAM_CREATE_MAX = 1000;
/** Members one member write names at most. */
export const MEMBER_WRITE_MAX = 10_000;

type Ctx = RouteContext & { store: ListStore };

function teamId(ctx: Ctx): number {
  return pathInt(ctx.params.team_id!, 'team_id', STATUS);
}

/** A string field (or null where `nullable`); absent is undefined. */
function stringField(issues: Issues, loc: (string | number)[], v: unknown, nullable: boolean): string | null | undefined {
  if (v === undefined || (v === null && nullable)) return v as null | undefined;
  if (typeof v !== 'string') issues.add(loc, 'string_type', 'Input should be a valid string');
  return typeof v === 'string' ? v : undefined;
}

function teamProperties(issues: Issues, loc: (string | number)[], item: Record<string, unknown>): TeamUpdate {
  noExtraFields(issues, loc, item, ['name', 'parent_team', 'initials', 'color']);
  const name = stringField(issues, [...loc, 'name'], item.name, false);
  const parent = stringField(issues, [...loc, 'parent_team'], item.parent_team, true);
  const initials = stringField(issues, [...loc, 'initials'], item.initials, true);
  const color = stringField(issues, [...loc, 'color'], item.color, false);
  return {
    ...(typeof name === 'string' ? { name } : {}),
    ...(parent !== undefined ? { parent_team: parent } : {}),
    ...(initials !== undefined ? { initials } : {}),
    ...(typeof color === 'string' ? { color } : {}),
  };
}

/** A team object as the v2 routes answer it (the team list's fields, without contributors). */
function teamObject(ctx: Ctx, team: TeamRec): Record<string, unknown> {
  const entry = teamEntry(ctx.state, ctx.store.people, team.id)!;
  return { id: entry.id, organization_id: ctx.state.org.id, name: entry.name, parent_id: entry.parent_id, initials: entry.initials, color: entry.color, created_at: entry.created_at, extra: {} };
}

/** `POST /api/v2/teams`: the docs' bare list, or the generated copy's `{teams: [...]}`. */
function createRoute(ctx: Ctx): Reply {
  new Query(ctx.query, [], STATUS, 'lenient').done();
  const body = ctx.json(STATUS);
  const issues = new Issues();
  const list = Array.isArray(body) ? bodyList(issues, ['body'], body, { min: 1, max: TEAM_CREATE_MAX }) : isObject(body) ? bodyList(issues, ['body', 'teams'], body.teams, { min: 1, max: TEAM_CREATE_MAX }) : undefined;
  if (!Array.isArray(body) && isObject(body)) noExtraFields(issues, ['body'], body, ['teams']);
  if (!Array.isArray(body) && !isObject(body)) issues.add(['body'], 'list_type', 'Input should be a valid list');
  const base = Array.isArray(body) ? ['body'] : ['body', 'teams'];
  const teams: TeamCreate[] = [];
  list?.forEach((item, i) => {
    const loc = [...base, i];
    if (!isObject(item)) return issues.add(loc, 'dict_type', 'Input should be a valid dictionary');
    if (item.name === undefined) issues.add([...loc, 'name'], 'missing', 'Field required');
    const t = teamProperties(issues, loc, item);
    checkProperties(issues, loc, t);
    if (t.name !== undefined) teams.push({ ...t, name: t.name });
  });
  issues.throwIfAny(STATUS);
  const created = createTeams(ctx.state, ctx.journal, teams);
  return { status: 201, body: { teams: created.map((t) => teamObject(ctx, t)) } };
}

function updateRoute(ctx: Ctx): Reply {
  new Query(ctx.query, [], STATUS, 'lenient').done();
  const id = teamId(ctx);
  const body = ctx.json(STATUS);
  const issues = new Issues();
  if (!isObject(body)) issues.add(['body'], 'dict_type', 'Input should be a valid dictionary');
  const update = isObject(body) ? teamProperties(issues, ['body'], body) : {};
  checkProperties(issues, ['body'], update);
  issues.throwIfAny(STATUS);
  return { status: 200, body: teamObject(ctx, updateTeam(ctx.state, ctx.journal, id, update)) };
}

function deleteRoute(ctx: Ctx): Reply {
  new Query(ctx.query, [], STATUS, 'lenient').done();
  deleteTeam(ctx.state, ctx.journal, teamId(ctx));
  return { status: 204, body: null };
}

/** The team `id` of any kind (the service's own two included); 404 when there is none. */
function anyTeam(ctx: Ctx, id: number): TeamEntry {
  const entry = teamEntry(ctx.state, ctx.store.people, id);
  if (entry === undefined) throw refused(404, `team ${id} not found`);
  return entry;
}

function membersAnswer(entry: TeamEntry, nonmergedOnly: boolean): Reply {
  const items = contributorsOf(entry, nonmergedOnly);
  return { status: 200, body: { total: items.length, items } };
}

function membersRoute(ctx: Ctx): Reply {
  const q = new Query(ctx.query, ['nonmerged_members_only'], STATUS, 'lenient');
  const nonmergedOnly = q.bool('nonmerged_members_only') ?? false;
  q.done();
  return membersAnswer(anyTeam(ctx, teamId(ctx)), nonmergedOnly);
}

/**
 * A member write's body: a bare list, or `{members: [...]}`; each a contributor id or an email of a
 * contributor. Every problem at once, 422.
 */
function memberIds(ctx: Ctx): number[] {
  const body = ctx.json(STATUS);
  const issues = new Issues();
  const base = Array.isArray(body) ? ['body'] : ['body', 'members'];
  const list = Array.isArray(body) ? bodyList(issues, base, body, { max: MEMBER_WRITE_MAX }) : isObject(body) ? bodyList(issues, base, body.members, { max: MEMBER_WRITE_MAX }) : undefined;
  if (isObject(body)) noExtraFields(issues, ['body'], body, ['members']);
  else if (!Array.isArray(body)) issues.add(['body'], 'list_type', 'Input should be a valid list');
  const ids: number[] = [];
  list?.forEach((item, i) => {
    if ((typeof item === 'number' && Number.isInteger(item) && item > 0) || (typeof item === 'string' && item.includes('@'))) {
      const id = resolveMember(issues, [...base, i], ctx.store.people, item);
      if (id !== undefined) ids.push(id);
    } else issues.add([...base, i], 'value_error', 'a member is a contributor id (a positive integer) or an email');
  });
  issues.throwIfAny(STATUS);
  return ids;
}

function memberWrite(mode: 'replace' | 'add') {
  return (ctx: Ctx): Reply => {
    new Query(ctx.query, [], STATUS, 'lenient').done();
    const id = teamId(ctx);
    writeMembers(ctx.state, ctx.journal, ctx.store.people, id, memberIds(ctx), mode);
    return membersAnswer(anyTeam(ctx, id), false);
  };
}

function removeMemberRoute(ctx: Ctx): Reply {
  new Query(ctx.query, [], STATUS, 'lenient').done();
  const id = teamId(ctx);
  const raw = ctx.params.member!;
  const ref: MemberRef = /^[0-9]+$/.test(raw) ? Number(raw) : raw;
  removeMember(ctx.state, ctx.journal, ctx.store.people, id, ref);
  return { status: 204, body: null };
}

/** v1: `partial` (default true) lists only names and ids of teams and their contributors. */
function v1Team(entry: TeamEntry, partial: boolean, nonmergedOnly: boolean): Record<string, unknown> {
  if (!partial) return { ...listed(entry, nonmergedOnly) };
  return { id: entry.id, name: entry.name, contributors: contributorsOf(entry, nonmergedOnly).map((c) => ({ id: c.id, name: c.name })) };
}

function v1Flags(q: Query): { partial: boolean; nonmergedOnly: boolean } {
  return { partial: q.bool('partial') ?? true, nonmergedOnly: q.bool('nonmerged_members_only') ?? false };
}

function v1ListRoute(ctx: Ctx): Reply {
  const q = new Query(ctx.query, ['offset', 'page_size', 'partial', 'nonmerged_members_only'], STATUS, 'lenient');
  const offset = q.int('offset', { min: 0 }) ?? 0;
  const pageSize = q.int('page_size', { min: 1, max: LIST_PAGE_SIZE_MAX }) ?? LIST_PAGE_SIZE_MAX;
  const { partial, nonmergedOnly } = v1Flags(q);
  q.done();
  const all = teamEntries(ctx.state, ctx.store.people);
  return { status: 200, body: { total: all.length, items: all.slice(offset, offset + pageSize).map((t) => v1Team(t, partial, nonmergedOnly)) } };
}

function v1TeamRoute(ctx: Ctx): Reply {
  const q = new Query(ctx.query, ['partial', 'nonmerged_members_only'], STATUS, 'lenient');
  const { partial, nonmergedOnly } = v1Flags(q);
  q.done();
  return { status: 200, body: v1Team(anyTeam(ctx, teamId(ctx)), partial, nonmergedOnly) };
}

export const TEAM_ROUTES: Route<{ store: ListStore }>[] = [
  { method: 'POST', template: '/api/v2/teams', family: 'lists', handle: createRoute },
  { method: 'PATCH', template: '/api/v2/teams/{team_id}', family: 'lists', handle: updateRoute },
  { method: 'DELETE', template: '/api/v2/teams/{team_id}', family: 'lists', handle: deleteRoute },
  { method: 'GET', template: '/api/v2/teams/{team_id}/members', family: 'lists', handle: membersRoute },
  { method: 'POST', template: '/api/v2/teams/{team_id}/members', family: 'lists', handle: memberWrite('replace') },
  { method: 'PATCH', template: '/api/v2/teams/{team_id}/members', family: 'lists', handle: memberWrite('add') },
  { method: 'DELETE', template: '/api/v2/teams/{team_id}/members/{member}', family: 'lists', handle: removeMemberRoute },
  { method: 'GET', template: '/api/v1/teams', family: 'lists', handle: v1ListRoute },
  { method: 'GET', template: '/api/v1/teams/{team_id}', family: 'lists', handle: v1TeamRoute },
];
