// The shape each route's 200 answer must have (api-spec.md, "Resources" and "Endpoints"), checked
// before anything reads it: a body that does not match is an ApiError naming the route and the
// field, never a plan built on `undefined`. One map from route (method + path template, the key
// requests.ts gives every call) to a JSON Schema; routes not in the map are not checked (the
// emulator's admin routes). Other rooms add their routes with registerResponseShapes().
//
// The schemas hold what emctl reads (required fields, their types, enums it branches on); other
// fields may come and go, as a client of a living API expects, except in the Git settings maps,
// whose sections the spec lists exactly (a section emctl does not know could hold a default it
// would silently never manage). They are written in a small subset of JSON Schema (type,
// required, properties, items, enum, additionalProperties, also `false`) that a 60-line
// walker below checks. ajv would do the same, but loading it and compiling the schemas costs about
// 0.3 s of every run that reads anything, for checks this simple; the walker costs nothing to start
// and is as fast on a 1,000-entity page. A schema using another keyword is refused when registered.

import { ORG_SECTIONS, REPO_SECTIONS } from '../contract/git-types.js';

export type JsonSchema = Record<string, unknown>;

// ---- building blocks -------------------------------------------------------------------------

const int = { type: 'integer' } as const;
const str = { type: 'string' } as const;
const bool = { type: 'boolean' } as const;
const nullableStr = { type: ['string', 'null'] } as const;

function obj(required: Record<string, JsonSchema>, optional: Record<string, JsonSchema> = {}): JsonSchema {
  return { type: 'object', required: Object.keys(required), properties: { ...required, ...optional } };
}
function list(items: JsonSchema): JsonSchema {
  return { type: 'array', items };
}

const entityRef = obj({ entity_provider_id: str }, { name: str });
const pmScope = obj(
  {},
  {
    boards: list(entityRef),
    epics: list(obj({ entity_provider_id: str }, { name: str, provider_key: str })),
    labels: list(obj({ name: str })),
    fields: list(obj({ entity_provider_id: str, value: list(str) })),
    project_team_areas: list(obj({ project: entityRef, team: entityRef, areas: list(entityRef) })),
  },
);
const teamPmScope = obj({
  team_id: int,
  team_name: str,
  items: list(
    obj({
      integration_id: int,
      provider: str,
      integration_name: str,
      scope: pmScope,
      methodology: { enum: ['Scrum', 'Kanban'] },
    }),
  ),
});
const scopeWrite = obj({
  applied: list(obj({ team_id: int, integration_id: int })),
  rejected: list(obj({ team_id: int, integration_id: int, code: str, message: str })),
});
const pmEntity = obj(
  { entity_provider_id: str, name: str },
  {
    is_selected_for_collection: bool,
    used_by: obj({}, { teams: list(obj({ id: int, name: str })), projects: { type: 'array' } }),
    teams: { type: 'array' },
  },
);
const entityList = obj({
  total: int,
  offset: int,
  type: str,
  integrations: list(obj({ integration_id: int, provider: str, integration_name: str, entities: list(pmEntity) })),
});
const selectEntry = obj({ entity_provider_id: str, is_selected_for_collection: bool });
const select = obj({
  integration_id: int,
  type: str,
  applied: list(selectEntry),
  rejected: list(obj({ entity_provider_id: str, is_selected_for_collection: bool, code: str, message: str })),
});
const repository = obj({
  id: int,
  provider_id: str,
  name: str,
  integration_id: int,
  state: { enum: ['monitored', 'not_monitored', 'discovered', 'failing'] },
});
const monitorEntry = obj({ id: int, state: str });
const monitor = obj({
  applied: list(monitorEntry),
  rejected: list(obj({ id: int, state: str, code: str, message: str })),
});
// The Git settings sections (api-spec.md, "Resources": the section fields), each field typed:
// the plan compares them with the config, so `exclude_branches: {patterns: "main"}` must be an
// API error naming the field, not a diff of a string against a list. Methods are strings, not
// enums: a method a newer service adds is shown as a change, not refused. Every section the spec
// lists must be there (an organization answer holds all eleven, a repository answer the seven a
// repository can override), and no other: a missing one would be planned as if it were unset.
const patterns = obj({}, { patterns: list(str) });
const methodOnly = obj({ method: str });
const SECTION_SHAPES: Record<string, JsonSchema> = {
  releases_detection: obj({ method: str }, { pattern: nullableStr, backfill_days: int }),
  draft_pull_requests: obj({}, { labels: list(str), title_pattern: nullableStr }),
  default_branch: obj({}, { branch_name: nullableStr }),
  exclude_branches: patterns,
  exclude_base_branches: patterns,
  exclude_file_extensions: patterns,
  include_file_extensions: patterns,
  active_branches_duration: obj({ days: int }),
  coding_time_strategy: obj({ method: str }, { backfill_days: int }),
  issue_start_time: methodOnly,
  bot_pr_attribution: methodOnly,
};
/** A `settings` map holding exactly `sections`, each by its own shape (made by `entry`). */
function settingsMap(sections: readonly string[], entry: (section: JsonSchema) => JsonSchema): JsonSchema {
  const properties = Object.fromEntries(sections.map((name) => [name, entry(SECTION_SHAPES[name] ?? {})]));
  return { type: 'object', required: [...sections], properties, additionalProperties: false };
}
const repositoryConfig = obj({
  repository_id: int,
  repository_name: str,
  settings: settingsMap(REPO_SECTIONS, (section) => obj({ value: section, source: { enum: ['repository', 'global'] } }, { global_default: section })),
});
const orgConfig = obj({ settings: settingsMap(ORG_SECTIONS, (section) => section) });
const teamGitScope = obj({
  team_id: int,
  team_name: str,
  repositories: list(obj({ id: int, name: str }, { url: nullableStr })),
  services: list(obj({ id: int, name: str })),
});

const CONFIG_API_SHAPES: Record<string, JsonSchema> = {
  'GET /api/v1/integrations': obj({
    items: list(obj({ id: int, type: { enum: ['pm', 'git'] }, provider: str, name: str, state: str }, { deleted_at: nullableStr })),
  }),
  'GET /api/v2/pm/entities/{entity_type}': entityList,
  'PATCH /api/v2/pm/integrations/{integration_id}/entities/{entity_type}': select,
  'GET /api/v1/pm/config/teams/{team_id}/scope': teamPmScope,
  'PATCH /api/v1/pm/config/teams/scope': scopeWrite,
  'POST /api/v1/pm/config/teams/scope': scopeWrite,
  'DELETE /api/v1/pm/config/teams/{team_id}/scope/{scope_key}': scopeWrite,
  'DELETE /api/v1/pm/config/teams/{team_id}/scope': scopeWrite,
  'GET /api/v1/git/repositories': obj({ total: int, items: list(repository) }),
  'PATCH /api/v1/git/repositories': monitor,
  'GET /api/v1/git/repositories/{repo_id}/config': repositoryConfig,
  'PUT /api/v1/git/repositories/{repo_id}/config': repositoryConfig,
  'PATCH /api/v1/git/repositories/{repo_id}/config': repositoryConfig,
  'DELETE /api/v1/git/repositories/{repo_id}/config': repositoryConfig,
  'DELETE /api/v1/git/repositories/{repo_id}/config/{section}': repositoryConfig,
  'GET /api/v1/git/config': orgConfig,
  'PATCH /api/v1/git/config': orgConfig,
  'GET /api/v1/git/config/teams/{team_id}/scope': teamGitScope,
  'PUT /api/v1/git/config/teams/{team_id}/scope': teamGitScope,
  'PATCH /api/v1/git/config/teams/{team_id}/scope': teamGitScope,
  'DELETE /api/v1/git/config/teams/{team_id}/scope': teamGitScope,
  'DELETE /api/v1/git/config/teams/{team_id}/scope/{scope_key}': teamGitScope,
};

// ---- the registry and the check ---------------------------------------------------------------

const KNOWN_KEYWORDS = new Set(['type', 'required', 'properties', 'items', 'enum', 'additionalProperties']);
const shapes = new Map<string, JsonSchema>();

/** Adds (or replaces) the expected 200 shape of routes, e.g. the measurement endpoints. */
export function registerResponseShapes(more: Record<string, JsonSchema>): void {
  for (const [route, schema] of Object.entries(more)) {
    checkKeywords(route, schema);
    shapes.set(route, schema);
  }
}
registerResponseShapes(CONFIG_API_SHAPES);

function checkKeywords(route: string, schema: JsonSchema): void {
  for (const [key, value] of Object.entries(schema)) {
    if (!KNOWN_KEYWORDS.has(key)) throw new TypeError(`response shape of ${route}: keyword "${key}" is not supported by shapes.ts`);
    if (key === 'properties') for (const child of Object.values(value as Record<string, JsonSchema>)) checkKeywords(route, child);
    if ((key === 'items' || key === 'additionalProperties') && typeof value === 'object') checkKeywords(route, value as JsonSchema);
  }
}

/** Whether answers of `route` are checked. */
export function hasResponseShape(route: string): boolean {
  return shapes.has(route);
}

/**
 * Checks a parsed 200 body against its route's shape: undefined when it matches (or the route has
 * none), else the first mismatch in words, naming the field (`field items[3].id is missing`).
 */
export function responseShapeProblem(route: string, body: unknown): string | undefined {
  const schema = shapes.get(route);
  return schema ? mismatch(schema, body, '') : undefined;
}

function mismatch(schema: JsonSchema, value: unknown, at: string): string | undefined {
  const type = schema.type as string | string[] | undefined;
  if (type !== undefined) {
    const types = Array.isArray(type) ? type : [type];
    if (!types.some((t) => hasType(value, t))) return `${subject(at)} must be ${describeType(types)}`;
  }
  const allowed = schema.enum as unknown[] | undefined;
  if (allowed && !allowed.includes(value)) return `${subject(at)} must be one of ${allowed.map((v) => JSON.stringify(v)).join(', ')}`;
  if (Array.isArray(value)) {
    const items = schema.items as JsonSchema | undefined;
    if (items) {
      for (let i = 0; i < value.length; i++) {
        const problem = mismatch(items, value[i], `${at}[${i}]`);
        if (problem) return problem;
      }
    }
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const record = value as Record<string, unknown>;
  // Fields present are checked before fields missing: a wrong type names the field it is in,
  // which says more about the answer than the first of the sections after it that are absent.
  const properties = schema.properties as Record<string, JsonSchema> | undefined;
  const rest = schema.additionalProperties as JsonSchema | false | undefined;
  for (const key of Object.keys(record)) {
    const child = properties && Object.hasOwn(properties, key) ? properties[key] : rest;
    if (child === false) return `${subject(join(at, key))} is not documented in this answer`;
    if (!child) continue;
    const problem = mismatch(child, record[key], join(at, key));
    if (problem) return problem;
  }
  for (const key of (schema.required as string[] | undefined) ?? []) {
    if (!Object.hasOwn(record, key)) return `field ${join(at, key)} is missing`;
  }
  return undefined;
}

function hasType(value: unknown, type: string): boolean {
  switch (type) {
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'array':
      return Array.isArray(value);
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    case 'null':
      return value === null;
    default:
      return typeof value === type;
  }
}

function join(at: string, key: string): string {
  return at === '' ? key : `${at}.${key}`;
}

function subject(at: string): string {
  return at === '' ? 'the body' : `field ${at}`;
}

function describeType(types: readonly string[]): string {
  const word = (n: string) => (n === 'array' ? 'a list' : n === 'object' ? 'an object' : n === 'null' ? 'null' : n === 'integer' ? 'a whole number' : `a ${n}`);
  return types.map(word).join(' or ');
}
