// The defaults the measurement route fills into a query (MeasurementQuery of
// src/emulator/metrics/types.ts) for every field a body leaves out. Plain JavaScript so that both
// the metric tests (vitest, test/emulator/metrics/helpers.ts) and the engine benchmark (plain node
// against dist/, bench/metrics-engine.mjs) build their queries from this one list.

/** Every field of a query but `metrics` and `timeRanges`, as the route fills them by default. */
export function queryDefaults() {
  return {
    groupBy: 'organization',
    rollUp: 'custom',
    orderBy: undefined,
    orderDir: 'asc',
    limit: undefined,
    offset: 0,
    returnNoData: false,
    withDirectChildren: false,
    teamGitScopeDisabled: false,
    teamIds: undefined,
    contributorIds: undefined,
    repositoryIds: undefined,
    serviceIds: undefined,
    labels: undefined,
    devToolIds: undefined,
    workflowsFilters: undefined,
    additionalGroupBy: undefined,
  };
}
