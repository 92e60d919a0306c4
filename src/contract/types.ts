// Wire types of the Engineering Metrics Service configuration API (api-spec.md, endpoints 1-13).
// Shared by the client (src/api) and the emulator (src/emulator) so that both speak one contract.
// Field names are the wire names; nothing here is emctl's own model (that is src/core/model.ts).
// The Git routes' types live in git-types.ts.

export type IntegrationType = 'pm' | 'git';
export type PmProvider = 'tracker_a' | 'tracker_b';
export type GitProvider = 'host_a' | 'host_b' | 'host_c' | 'host_c_server' | 'host_d';
export type Provider = PmProvider | GitProvider;

export const PM_PROVIDERS: readonly PmProvider[] = ['tracker_a', 'tracker_b'];
export const GIT_PROVIDERS: readonly GitProvider[] = ['host_a', 'host_b', 'host_c', 'host_c_server', 'host_d'];

export type IntegrationState =
  | 'ok'
  | 'failing'
  | 'insufficient-permission'
  | 'in-progress'
  | 'inactive'
  | 'cleanup-requested'
  | 'cleanup-in-progress'
  | 'cleanup-failed';

/** States in which a PM integration accepts writes; every other state is read-only. */
export const WRITABLE_INTEGRATION_STATES: readonly IntegrationState[] = ['ok', 'failing', 'insufficient-permission'];

export interface Integration {
  id: number;
  type: IntegrationType;
  provider: Provider;
  name: string;
  state: IntegrationState;
  auth_type: string;
  failing_reason?: string;
  deleted_at?: string;
}

export interface ListIntegrationsResponse {
  items: Integration[];
}

/**
 * The spec's limits (api-spec.md, "Limits"): emctl's one copy, used by the request checks, the
 * paging helpers, the state reader, export and the planner's batching. The emulator keeps its own
 * numbers on purpose: an independent reading of the spec catches a wrong number here.
 */
/** The HTTP methods the service's API uses, in the order a saved plan's check names them. */
export const HTTP_METHODS = ['GET', 'PATCH', 'PUT', 'POST', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export const API_LIMITS = {
  integrationIds: 50,
  entityPageMax: 1000,
  selectEntriesMax: 1000,
  scopeItemsMax: 25,
  scopeEntitiesMax: 1000,
  repoPageSizeMax: 100,
  repoFilterLengthMax: 256,
  monitorEntriesMax: 100,
  gitScopeIdsMax: 10000,
  /** v2 measurements: team_ids, contributor_ids, repository_ids, service_ids each 1 to 50. */
  measurementIdsMax: 50,
  /** v2 measurements: labels, at most 3. */
  measurementLabelsMax: 3,
  /**
   * v2 measurements: time buckets (the ranges cut by roll_up) answered at once. The spec names no
   * bound; this is the emulator's (docs/assumptions.md), checked offline so the request fails early.
   */
  measurementBucketsMax: 5000,
} as const;

// ---- PM entities -------------------------------------------------------------------------

export type TrackerAEntityType = 'boards' | 'projects' | 'epics' | 'labels' | 'fields';
export type TrackerBEntityType = 'projects' | 'teams' | 'areas';
export type EntityType = TrackerAEntityType | TrackerBEntityType;
/** Entity types that can be selected for collection (endpoint 3). */
export type SelectableEntityType = 'boards' | 'projects';

export const ENTITY_TYPES: Record<PmProvider, readonly EntityType[]> = {
  tracker_a: ['boards', 'projects', 'epics', 'labels', 'fields'],
  tracker_b: ['projects', 'teams', 'areas'],
};
export const SELECTABLE_TYPES: Record<PmProvider, readonly SelectableEntityType[]> = {
  tracker_a: ['boards', 'projects'],
  tracker_b: ['projects'],
};

export interface EntityRef {
  entity_provider_id: string;
  name?: string;
}

export interface UsedBy {
  teams: { id: number; name: string }[];
  projects: unknown[];
}

export interface PmEntity {
  entity_provider_id: string;
  name: string;
  state: string;
  is_selected_for_collection?: boolean;
  selected_last_updated_at?: string;
  used_by?: UsedBy;
  /** tracker_b teams */
  parent_project?: EntityRef;
  /** tracker_b areas: the teams the area belongs to */
  teams?: EntityRef[];
  /** tracker_a epics */
  provider_key?: string;
}

export interface EntityListResponse {
  total: number;
  offset: number;
  type: EntityType;
  integrations: {
    integration_id: number;
    provider: PmProvider;
    integration_name: string;
    entities: PmEntity[];
  }[];
}

export interface ListEntitiesParams {
  integration_ids?: number[];
  is_selected_for_collection?: boolean;
  include_invalid?: boolean;
  with_used_by?: boolean;
  limit?: number;
  offset?: number;
}

export interface SelectEntry {
  entity_provider_id: string;
  is_selected_for_collection: boolean;
}

export type SelectRejectionCode =
  | 'entity_not_found'
  | 'entity_not_reachable'
  | 'entity_in_use'
  | 'used_by_unavailable'
  | 'duplicate_entity';

export interface SelectResponse {
  integration_id: number;
  type: SelectableEntityType;
  applied: SelectEntry[];
  rejected: (SelectEntry & { code: SelectRejectionCode; message: string; used_by?: UsedBy })[];
}

// ---- Team PM scope -------------------------------------------------------------------------

export interface TrackerAScope {
  boards?: EntityRef[];
  epics?: (EntityRef & { provider_key?: string })[];
  labels?: { name: string }[];
  fields?: { entity_provider_id: string; value: string[]; name?: string }[];
}

export interface ProjectTeamAreas {
  project: EntityRef;
  team: EntityRef;
  areas: EntityRef[];
}

export interface TrackerBScope {
  project_team_areas?: ProjectTeamAreas[];
}

export type PmScope = TrackerAScope & TrackerBScope;
export type PmScopeKey = 'boards' | 'epics' | 'labels' | 'fields' | 'project_team_areas';
/** Every PM scope key, in the order the service's docs list them. */
export const PM_SCOPE_KEYS: readonly PmScopeKey[] = ['boards', 'epics', 'labels', 'fields', 'project_team_areas'];
export const SCOPE_KEYS: Record<PmProvider, readonly PmScopeKey[]> = {
  tracker_a: ['boards', 'epics', 'labels', 'fields'],
  tracker_b: ['project_team_areas'],
};

export type Methodology = 'Scrum' | 'Kanban';

export interface TeamPmScopeItem {
  integration_id: number;
  provider: PmProvider;
  integration_name: string;
  scope: PmScope;
  methodology: Methodology;
}

/**
 * The scope read answers for every PM integration, and one the team was never scoped on reads as
 * unscoped Kanban. Writing all of those would manage (and pin) a scope on every integration for
 * every team; such items are left out instead, which leaves them unmanaged.
 */
export function isServiceDefault(item: TeamPmScopeItem): boolean {
  return Object.values(item.scope).every((v) => !Array.isArray(v) || v.length === 0) && (item.methodology ?? 'Kanban') === 'Kanban';
}

export interface TeamPmScopeResponse {
  team_id: number;
  team_name: string;
  items: TeamPmScopeItem[];
}

export interface ScopeWriteItem {
  integration_id: number;
  scope?: PmScope;
  methodology?: Methodology;
}

export interface ScopeWriteBody {
  teams: { team_id: number; items: ScopeWriteItem[] }[];
}

export type ScopeRejectionCode =
  | 'team_not_found'
  | 'integration_not_found'
  | 'provider_not_supported'
  | 'integration_read_only'
  | 'scope_key_not_writable'
  | 'invalid_scope'
  | 'entity_not_found'
  | 'license_limit'
  | 'write_failed';

export interface ScopeRejection {
  team_id: number;
  integration_id: number;
  status: number;
  code: ScopeRejectionCode;
  message: string;
}

export interface ScopeWriteResponse {
  applied: { team_id: number; integration_id: number }[];
  rejected: ScopeRejection[];
}

export type ScopeWriteMode = 'merge' | 'add';

// ---- Error bodies ---------------------------------------------------------------------------

export interface ValidationErrorItem {
  type: string;
  loc: (string | number)[];
  msg: string;
}

// ---- Emulator admin routes (/_emulator/...) ---------------------------------------------------

export interface EmulatorRequestLogEntry {
  method: string;
  path: string;
  query: Record<string, string | string[]>;
  status: number;
  ms: number;
  /**
   * Write requests (every method but GET) only: the JSON body as received, when there was one and
   * it parsed. Reads carry none, so a long read benchmark keeps the log small.
   */
  body?: unknown;
}

export interface AuditLogEntry {
  at: string;
  action: string;
  team_id?: number;
  integration_id?: number;
  entity_type?: string;
  entity_provider_id?: string;
  detail: string;
}
