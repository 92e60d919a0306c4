// The Engineering Metrics Service client: one method per endpoint (descriptions in requests.ts),
// one call path that paces per route, caps requests in flight, retries what is safe to retry and
// turns every failure into an ApiError free of the key (call-path.ts). Its options and their
// defaults: client-options.ts.

import { CallPath } from './call-path.js';
import type { ClientOptions } from './client-options.js';
import { sleepOn } from './clock.js';
import type { PacingView } from './gate.js';
import { collectEntityPages, collectRepositoryPages } from './paginate.js';
import * as rq from './requests.js';
import type { ListIntegrationsParams, RequestDescription } from './requests.js';
import * as mm from './client-measurements.js';
import { ListReads } from './client-lists.js';
import type { ExportFileFormat, MeasurementElement, MeasurementsBody, ReportLink, V1CreateResponse, V1MeasurementsBody } from '../contract/measurement-types.js';
import { API_LIMITS, HTTP_METHODS, type HttpMethod } from '../contract/types.js';
import type { EntityListResponse, EntityType, ListEntitiesParams, ListIntegrationsResponse, PmScopeKey, ScopeWriteBody, ScopeWriteMode, ScopeWriteResponse, SelectEntry, SelectResponse, SelectableEntityType, TeamPmScopeResponse } from '../contract/types.js';
import type { GitScopeKey, ListRepositoriesParams, ListRepositoriesResponse, MonitorEntry, MonitorResponse, OrgConfigResponse, OrgSettings, RepoSection, Repository, RepositoryConfigResponse, RepositorySettings, TeamGitScopeBody, TeamGitScopeResponse } from '../contract/git-types.js';

export class EmClient {
  /** Pacing, retries and errors: every request of every method goes through it. */
  private readonly path: CallPath;

  constructor(options: ClientOptions) {
    this.path = new CallPath(options);
  }

  // ---- integrations and PM -----------------------------------------------------------------
  // Every method is async, so a call refused before sending (InvalidRequestError) is a rejected
  // promise like any other failure, never a synchronous throw.

  async listIntegrations(p?: ListIntegrationsParams): Promise<ListIntegrationsResponse> {
    return this.call(rq.listIntegrations(p));
  }

  /** One page of entities. */
  async listEntities(type: EntityType, p?: ListEntitiesParams): Promise<EntityListResponse> {
    return this.call(rq.listEntities(type, p));
  }

  /** Every entity of `type`, walking offset/limit to total; pages merged per integration. */
  async listAllEntities(type: EntityType, p: Omit<ListEntitiesParams, 'offset'> = {}): Promise<EntityListResponse> {
    const limit = p.limit ?? API_LIMITS.entityPageMax;
    return collectEntityPages(`the ${type} list`, (offset, pageLimit) => this.listEntities(type, { ...p, limit: pageLimit, offset }), limit);
  }

  async selectEntities(integrationId: number, type: SelectableEntityType, entities: SelectEntry[]): Promise<SelectResponse> {
    return this.call(rq.selectEntities(integrationId, type, entities));
  }

  async getTeamPmScope(teamId: number, integrationIds?: number[]): Promise<TeamPmScopeResponse> {
    return this.call(rq.getTeamPmScope(teamId, integrationIds));
  }

  async patchTeamPmScopes(body: ScopeWriteBody, mode?: ScopeWriteMode): Promise<ScopeWriteResponse> {
    return this.call(rq.patchTeamPmScopes(body, mode));
  }

  async postTeamPmScopes(body: ScopeWriteBody): Promise<ScopeWriteResponse> {
    return this.call(rq.postTeamPmScopes(body));
  }

  async clearTeamPmScopeKey(teamId: number, key: PmScopeKey, integrationId: number): Promise<ScopeWriteResponse> {
    return this.call(rq.clearTeamPmScopeKey(teamId, key, integrationId));
  }

  async deleteTeamPmScope(teamId: number, integrationId: number): Promise<ScopeWriteResponse> {
    return this.call(rq.deleteTeamPmScope(teamId, integrationId));
  }

  // ---- Git ---------------------------------------------------------------------------------

  /** One page of repositories. */
  async listRepositories(p?: ListRepositoriesParams): Promise<ListRepositoriesResponse> {
    return this.call(rq.listRepositories(p));
  }

  /** Every repository matching the filters, page_size 100, to the end. */
  async listAllRepositories(p: Omit<ListRepositoriesParams, 'page'> = {}): Promise<Repository[]> {
    const pageSize = p.page_size ?? API_LIMITS.repoPageSizeMax;
    return collectRepositoryPages('the repository list', (page, size) => this.listRepositories({ ...p, page, page_size: size }), pageSize);
  }

  async setMonitoring(entries: MonitorEntry[]): Promise<MonitorResponse> {
    return this.call(rq.setMonitoring(entries));
  }

  async getRepositoryConfig(repoId: number): Promise<RepositoryConfigResponse> {
    return this.call(rq.getRepositoryConfig(repoId));
  }

  async putRepositoryConfig(repoId: number, s: RepositorySettings): Promise<RepositoryConfigResponse> {
    return this.call(rq.putRepositoryConfig(repoId, s));
  }

  async patchRepositoryConfig(repoId: number, s: RepositorySettings): Promise<RepositoryConfigResponse> {
    return this.call(rq.patchRepositoryConfig(repoId, s));
  }

  async deleteRepositoryConfig(repoId: number): Promise<RepositoryConfigResponse> {
    return this.call(rq.deleteRepositoryConfig(repoId));
  }

  async deleteRepositoryOverride(repoId: number, section: RepoSection): Promise<RepositoryConfigResponse> {
    return this.call(rq.deleteRepositoryOverride(repoId, section));
  }

  async getOrgConfig(): Promise<OrgConfigResponse> {
    return this.call(rq.getOrgConfig());
  }

  async patchOrgConfig(s: OrgSettings): Promise<OrgConfigResponse> {
    return this.call(rq.patchOrgConfig(s));
  }

  async getTeamGitScope(teamId: number): Promise<TeamGitScopeResponse> {
    return this.call(rq.getTeamGitScope(teamId));
  }

  async putTeamGitScope(teamId: number, b: TeamGitScopeBody): Promise<TeamGitScopeResponse> {
    return this.call(rq.putTeamGitScope(teamId, b));
  }

  async patchTeamGitScope(teamId: number, b: TeamGitScopeBody, mode?: 'merge' | 'add'): Promise<TeamGitScopeResponse> {
    return this.call(rq.patchTeamGitScope(teamId, b, mode));
  }

  async deleteTeamGitScope(teamId: number): Promise<TeamGitScopeResponse> {
    return this.call(rq.deleteTeamGitScope(teamId));
  }

  async clearTeamGitScopeKey(teamId: number, key: GitScopeKey): Promise<TeamGitScopeResponse> {
    return this.call(rq.clearTeamGitScopeKey(teamId, key));
  }

  // ---- measurements (14-17) and report files ------------------------------------------------
  // client-measurements.ts holds the logic; each call goes through the one call path below.

  /** 16. The v2 answer, or null for 204 (no data for these filters). */
  async measurements(body: MeasurementsBody): Promise<MeasurementElement[] | null> {
    return mm.measurements(this.wire, body);
  }

  /** 17. The link to the exported file, or null for 204 (no data). */
  async exportMeasurements(body: MeasurementsBody & { beautified?: boolean }, fileFormat: ExportFileFormat = 'csv'): Promise<ReportLink | null> {
    return mm.exportMeasurements(this.wire, body, fileFormat);
  }

  /** 14. The id of the report being made, or null for 204 (no data). */
  async createV1Report(body: V1MeasurementsBody): Promise<V1CreateResponse | null> {
    return mm.createV1Report(this.wire, body);
  }

  /** 15. One poll: 202 pending, 200 ready with its link, 204 gone (unknown or expired). */
  async getV1Report(requestId: string | number): Promise<mm.V1ReportState> {
    return mm.getV1Report(this.wire, requestId);
  }

  /** Polls a v1 report until ready, with backoff, until the deadline; 204 after 202 = expired (an error). */
  async waitForV1Report(requestId: string | number, options: mm.WaitOptions): Promise<ReportLink> {
    return mm.waitForV1Report(this.wire, requestId, options);
  }

  /** Downloads a report URL: no key sent, at most `maxBytes`, redirects only to https (or loopback). */
  async downloadReport(url: string, options: { maxBytes: number }): Promise<string> {
    return mm.downloadReport(this.wire, url, { ...options, httpOrigin: this.path.settings.httpReportOrigin });
  }

  // ---- the service's own lists (DESIGN.md section 13): client-lists.ts -----------------------

  /** The team list, contributors, services, health and the plain repository list: reads only. */
  readonly lists = new ListReads({
    call: (d) => this.path.call(d),
    shapeError: (d, problem) => this.path.unexpectedShape(d, this.path.redact(d.path), 200, problem, 1),
  });

  private readonly wire: mm.MeasurementWire = {
    exchange: (d, target) => this.path.exchange(d, target),
    now: () => this.path.clock.now(),
    sleep: (ms) => sleepOn(this.path.clock, ms),
    shapeError: (d, status, problem, tries, shownAs) => this.path.unexpectedShape(d, shownAs ?? this.path.redact(d.path), status, problem, tries),
  };

  // ---- generic -----------------------------------------------------------------------------

  /** Sends a pre-described operation (method, path with query, route template, body), as saved in a plan. */
  async send<T>(req: { method: string; path: string; route: string; body?: unknown; once?: boolean }): Promise<T> {
    const method = req.method.toUpperCase() as HttpMethod;
    if (!(HTTP_METHODS as readonly string[]).includes(method)) throw new TypeError(`unsupported HTTP method "${req.method}"`);
    if (!req.path.startsWith('/')) throw new TypeError(`operation path must start with "/", got "${req.path}"`);
    const d: RequestDescription = { method, path: req.path, route: req.route };
    if (req.body !== undefined) d.body = req.body;
    if (req.once === true) d.once = true;
    return this.call<T>(d);
  }

  /** Escape hatch for the emulator admin routes and tests: GET/POST a path, parsed JSON. */
  async admin<T>(method: 'GET' | 'POST', path: string): Promise<T> {
    const template = path.split('?')[0] ?? path;
    return this.send<T>({ method, path, route: `${method} ${template}` });
  }

  /** Calls on the wire now (sent, not yet answered); calls waiting for a token or a slot are not counted. */
  inFlight(): number {
    return this.path.gate.busy;
  }

  /** Each route's calls done, waiting and in flight, and its pace: what a progress line's ETA needs. */
  pacing(): PacingView {
    return this.path.gate;
  }

  /** Calls made so far (tries, retries included) and per route. */
  stats(): { calls: number; retries: number; byRoute: Record<string, number> } {
    const { counts } = this.path;
    return { calls: counts.calls, retries: counts.retries, byRoute: { ...counts.byRoute } };
  }

  private async call<T>(d: RequestDescription): Promise<T> {
    return this.path.call<T>(d);
  }
}
