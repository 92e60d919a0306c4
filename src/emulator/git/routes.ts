// Git routes (api-spec.md endpoints 8-13). Query, path and team-scope body problems answer 422 in
// the Pydantic shape (FastAPI's default); the monitoring and settings bodies answer 400, as the
// spec states for those endpoints ("body is invalid", "unknown section, invalid value or invalid
// regular expression").

import { ORG_SECTIONS, REPO_SECTIONS, type MonitorEntry, type RepoSection, type RepositorySettings, type RepositoryState, type Visibility } from '../../contract/git-types.js';
import {
  deleteRepoConfig,
  deleteRepoSection,
  patchOrgConfig,
  patchRepoConfig,
  putRepoConfig,
  readOrgConfig,
  readRepoConfig,
} from './config.js';
import { listRepositoriesJson, setMonitoring } from './repositories.js';
import { clearGitScope, readGitScope, writeGitScope, type GitScopeWrite } from './scope.js';
import { RawJson, invalid } from '../route/reply.js';
import { Issues, Query, bodyInt, bodyList, isObject, noExtraFields, pathInt } from '../route/params.js';
import type { Route, RouteContext } from '../route/route.js';
import { validateSettings } from './settings.js';

const GIT = 422;
/** Status the spec gives for invalid monitoring and settings bodies. */
const SPEC_BODY = 400;
export const MAX_SCOPE_IDS = 10000;

function listReposRoute(ctx: RouteContext) {
  const q = new Query(ctx.query, ['page', 'page_size', 'name', 'provider_id', 'integration_ids', 'state', 'visibility'], GIT);
  const page = q.int('page', { min: 1 }) ?? 1;
  const pageSize = q.int('page_size', { min: 1, max: 100 }) ?? 50;
  const name = q.string('name', { min: 1, max: 256 });
  const providerId = q.string('provider_id', { min: 1, max: 256 });
  const integrationIds = q.ids('integration_ids');
  const states = q.list<RepositoryState>('state', ['monitored', 'not_monitored', 'failing', 'discovered']);
  const visibilities = q.list<Visibility>('visibility', ['public', 'private', 'internal']);
  q.done();
  return { status: 200, body: new RawJson(listRepositoriesJson(ctx.state, { page, pageSize, name, providerId, integrationIds, states, visibilities })) };
}

function monitorRoute(ctx: RouteContext) {
  new Query(ctx.query, [], GIT).done();
  const body = ctx.json(SPEC_BODY);
  const issues = new Issues();
  const entries: MonitorEntry[] = [];
  if (!isObject(body)) issues.add(['body'], 'dict_type', 'Input should be a valid dictionary');
  else {
    noExtraFields(issues, ['body'], body, ['repositories']);
    bodyList(issues, ['body', 'repositories'], body.repositories, { min: 1, max: 100 })?.forEach((r, i) => {
      const loc = ['body', 'repositories', i];
      if (!isObject(r)) return issues.add(loc, 'dict_type', 'Input should be a valid dictionary');
      noExtraFields(issues, loc, r, ['id', 'state']);
      bodyInt(issues, [...loc, 'id'], r.id);
      if (r.state !== 'monitored' && r.state !== 'not_monitored') {
        issues.add([...loc, 'state'], r.state === undefined ? 'missing' : 'enum', "Input should be 'monitored' or 'not_monitored'");
      }
      entries.push(r as unknown as MonitorEntry);
    });
  }
  issues.throwIfAny(SPEC_BODY);
  return setMonitoring(ctx.state, ctx.journal, entries);
}

function repoId(ctx: RouteContext): number {
  new Query(ctx.query, [], GIT).done();
  return pathInt(ctx.params.repo_id!, 'repo_id', GIT);
}

function settingsBody(ctx: RouteContext, allowed: readonly RepoSection[] | typeof ORG_SECTIONS) {
  const v = validateSettings(ctx.json(SPEC_BODY), { allowed, allowDeployment: false, loc: ['body'] });
  if (v.issues.length > 0) throw invalid(SPEC_BODY, v.issues);
  return v;
}

const reply = (body: unknown) => ({ status: 200, body });

function repoConfigWrite(kind: 'put' | 'patch') {
  return (ctx: RouteContext) => {
    const id = repoId(ctx);
    const v = settingsBody(ctx, REPO_SECTIONS);
    const write = kind === 'put' ? putRepoConfig : patchRepoConfig;
    return reply(write(ctx.state, ctx.journal, id, v.settings as RepositorySettings, v.backfill));
  };
}

function deleteSectionRoute(ctx: RouteContext) {
  const id = repoId(ctx);
  const section = ctx.params.section!;
  if (!(REPO_SECTIONS as readonly string[]).includes(section)) {
    throw invalid(SPEC_BODY, [{ type: 'enum', loc: ['path', 'section'], msg: `Unknown section "${section}"; sections: ${REPO_SECTIONS.join(', ')}` }]);
  }
  return reply(deleteRepoSection(ctx.state, ctx.journal, id, section as RepoSection));
}

function teamId(ctx: RouteContext, allowedQuery: readonly string[] = []): { id: number; query: Query } {
  const query = new Query(ctx.query, allowedQuery, GIT);
  const id = pathInt(ctx.params.team_id!, 'team_id', GIT);
  return { id, query };
}

/** The team Git scope body: repository_ids / service_ids, ints >= 1, at most 10000 each. */
function gitScopeBody(ctx: RouteContext, needOneKey: boolean): GitScopeWrite {
  const body = ctx.json(GIT);
  const issues = new Issues();
  const out: GitScopeWrite = {};
  if (!isObject(body)) issues.add(['body'], 'dict_type', 'Input should be a valid dictionary');
  else {
    noExtraFields(issues, ['body'], body, ['repository_ids', 'service_ids']);
    for (const key of ['repository_ids', 'service_ids'] as const) {
      const list = bodyList(issues, ['body', key], body[key], { max: MAX_SCOPE_IDS, required: false });
      if (!list) continue;
      const ids = list.map((v, i) => bodyInt(issues, ['body', key, i], v));
      out[key] = ids.filter((n): n is number => n !== undefined);
    }
    if (needOneKey && body.repository_ids === undefined && body.service_ids === undefined) {
      issues.add(['body'], 'missing', 'At least one of repository_ids, service_ids is required');
    }
  }
  issues.throwIfAny(GIT);
  return out;
}

function gitScopeRead(ctx: RouteContext) {
  const { id, query } = teamId(ctx);
  query.done();
  return reply(readGitScope(ctx.state, id));
}

function gitScopePut(ctx: RouteContext) {
  const { id, query } = teamId(ctx);
  query.done();
  return reply(writeGitScope(ctx.state, ctx.journal, id, gitScopeBody(ctx, true), 'replace'));
}

function gitScopePatch(ctx: RouteContext) {
  const { id, query } = teamId(ctx, ['mode']);
  const mode = query.oneOf('mode', ['merge', 'add'] as const) ?? 'merge';
  query.done();
  return reply(writeGitScope(ctx.state, ctx.journal, id, gitScopeBody(ctx, false), mode));
}

function gitScopeDelete(ctx: RouteContext) {
  const { id, query } = teamId(ctx);
  query.done();
  return reply(clearGitScope(ctx.state, ctx.journal, id));
}

function gitScopeDeleteKey(ctx: RouteContext) {
  const { id, query } = teamId(ctx);
  query.done();
  const key = ctx.params.scope_key!;
  if (key !== 'repositories' && key !== 'services') {
    throw invalid(GIT, [{ type: 'enum', loc: ['path', 'scope_key'], msg: "Input should be 'repositories' or 'services'" }]);
  }
  return reply(clearGitScope(ctx.state, ctx.journal, id, key));
}

const CONFIG = '/api/v1/git/repositories/{repo_id}/config';
const TEAM_SCOPE = '/api/v1/git/config/teams/{team_id}/scope';

export const GIT_ROUTES: Route[] = [
  { method: 'GET', template: '/api/v1/git/repositories', family: 'git', handle: listReposRoute },
  { method: 'PATCH', template: '/api/v1/git/repositories', family: 'git', handle: monitorRoute },
  { method: 'GET', template: CONFIG, family: 'git', handle: (ctx) => reply(readRepoConfig(ctx.state, repoId(ctx))) },
  { method: 'PUT', template: CONFIG, family: 'git', handle: repoConfigWrite('put') },
  { method: 'PATCH', template: CONFIG, family: 'git', handle: repoConfigWrite('patch') },
  { method: 'DELETE', template: CONFIG, family: 'git', handle: (ctx) => reply(deleteRepoConfig(ctx.state, ctx.journal, repoId(ctx))) },
  { method: 'DELETE', template: `${CONFIG}/{section}`, family: 'git', handle: deleteSectionRoute },
  {
    method: 'GET',
    template: '/api/v1/git/config',
    family: 'git',
    handle: (ctx) => {
      new Query(ctx.query, [], GIT).done();
      return reply(readOrgConfig(ctx.state));
    },
  },
  {
    method: 'PATCH',
    template: '/api/v1/git/config',
    family: 'git',
    handle: (ctx) => {
      new Query(ctx.query, [], GIT).done();
      const v = settingsBody(ctx, ORG_SECTIONS);
      return reply(patchOrgConfig(ctx.state, ctx.journal, v.settings, v.backfill));
    },
  },
  { method: 'GET', template: TEAM_SCOPE, family: 'git', handle: gitScopeRead },
  { method: 'PUT', template: TEAM_SCOPE, family: 'git', handle: gitScopePut },
  { method: 'PATCH', template: TEAM_SCOPE, family: 'git', handle: gitScopePatch },
  { method: 'DELETE', template: TEAM_SCOPE, family: 'git', handle: gitScopeDelete },
  { method: 'DELETE', template: `${TEAM_SCOPE}/{scope_key}`, family: 'git', handle: gitScopeDeleteKey },
];
