// The shape each route's 200 answer must have (api-spec.md, "Resources" and "Endpoints"), as JSON
// Schema, keyed by route (method + path template). ajv compiles them at build time
// (scripts/precompile-response-shapes.mjs); shapes.ts checks answers with them.
//
// The schemas hold what emctl reads (required fields, their types, enums it branches on); other
// fields may come and go, as a client of a living API expects, except in the Git settings maps,
// whose sections the spec lists exactly (a section emctl does not know could hold a default it
// would silently never manage).

import { ORG_SECTIONS, REPO_SECTIONS } from '../contract/git-types.js';
import * as rq from './requests-measurements.js';
import * as lists from './requests-lists.js';

type JsonSchema = Record<string, unknown>;

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

// The measurement endpoints (api-spec.md 14-17).
const reportLink = obj({ report_url: str }, { detail: str });
const MEASUREMENT_SHAPES: Record<string, JsonSchema> = {
  [rq.MEASUREMENTS_ROUTE]: list(
    obj({
      after: str,
      before: str,
      // A row: the group key (an integer, or "manual" for dev_tool_id) and numbers (null with return_no_data).
      metrics: list({ type: 'object', additionalProperties: { type: ['number', 'string', 'null'] } }),
    }),
  ),
  [rq.EXPORT_ROUTE]: reportLink,
  [rq.V1_CREATE_ROUTE]: obj({ request_id: str }),
  [rq.V1_GET_ROUTE]: reportLink,
};

// The service's own lists (DESIGN.md section 13): what emctl reads of them. A team or a
// contributor without a name is refused here: a name is what emctl resolves and shows.
// Ids are whole numbers from 1 to 2^53-1, as in a config (DESIGN 8): a team listed as -42 would be
// resolved, measured and shown as a team.
const named = { type: 'string', minLength: 1 } as const;
const count = { type: 'integer', minimum: 0 } as const;
const id = { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } as const;
const LIST_SHAPES: Record<string, JsonSchema> = {
  [lists.TEAMS_ROUTE]: obj({
    total: count,
    items: list(obj({ id, name: named }, { parent_id: { type: ['integer', 'null'], minimum: 1, maximum: Number.MAX_SAFE_INTEGER }, contributors: list(obj({ id }, { name: str })) })),
  }),
  [lists.USERS_ROUTE]: obj({ total: count, items: list(obj({ id, name: named }, { team_ids: list(id) })) }),
  [lists.SERVICES_ROUTE]: obj({ total: count, items: list(obj({ id, name: str })) }),
  [lists.HEALTH_ROUTE]: obj({ status: str }),
  [lists.KNOWN_REPOSITORIES_ROUTE]: list(obj({ id, name: str }, { http_url: str, provider: str, state: str })),
};

/** Each checked route's 200 answer, by method and path template (the key requests.ts gives every call). */
export const RESPONSE_SCHEMAS: Readonly<Record<string, JsonSchema>> = {
  ...MEASUREMENT_SHAPES,
  ...LIST_SHAPES,
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

