// Hand-built plans for the renderer tests: every object kind with add, remove and update, the way
// the planner would describe them.

import type { Change, Operation, Plan } from '../../src/core/plan-model.js';

export function plan(parts: Partial<Plan> = {}): Plan {
  const changes = parts.changes ?? [];
  const operations = parts.operations ?? [];
  return {
    format_version: 2,
    config_files: ['emctl.yaml'],
    changes,
    operations,
    warnings: [],
    errors: [],
    summary: {
      add: changes.filter((c) => c.action === 'add').length,
      update: changes.filter((c) => c.action === 'update').length,
      remove: changes.filter((c) => c.action === 'remove').length,
      operations: operations.length,
    },
    reads: [],
    totals: {},
    ...parts,
  };
}

export function op(parts: Partial<Operation> & Pick<Operation, 'id' | 'stage' | 'method' | 'path' | 'description'>): Operation {
  return { route: `${parts.method} ${parts.path.split('?')[0]}`, addresses: [], dependsOn: [], ...parts };
}

/** Every object kind, each with the actions the planner produces for it. */
export const everyKind: Change[] = [
  { address: 'collection.tracker.boards["103"]', kind: 'selection', action: 'add', before: null, after: true, impacts: ['counts-against-limit'], label: 'Checkout board' },
  { address: 'collection.tracker.boards["101"]', kind: 'selection', action: 'remove', before: true, after: null, impacts: ['stops-collection'], destructive: 'deselect', label: 'Payments board' },
  { address: 'team[42].pm.tracker.boards', kind: 'pm-scope', action: 'update', before: ['101', '102'], after: ['102', '103'], impacts: ['changes-team-metrics'] },
  { address: 'team[42].pm.tracker.fields', kind: 'pm-scope', action: 'add', before: null, after: [{ id: 'customfield_1', value: ['A'] }], impacts: ['changes-team-metrics'] },
  { address: 'team[43].pm.tracker.epics', kind: 'pm-scope', action: 'remove', before: ['EP-7'], after: null, impacts: ['changes-team-metrics'], destructive: 'scope_removal' },
  { address: 'team[42].pm.tracker.methodology', kind: 'methodology', action: 'update', before: 'Scrum', after: 'Kanban', impacts: ['changes-team-metrics'] },
  { address: 'team[43].pm.work.methodology', kind: 'methodology', action: 'add', before: null, after: 'Scrum', impacts: [] },
  { address: 'team[44].pm.tracker.methodology', kind: 'methodology', action: 'remove', before: 'Kanban', after: null, impacts: [] },
  { address: 'team[42].git.repositories', kind: 'git-scope', action: 'update', before: [1234], after: [1234, 1235, 1236], impacts: ['changes-team-metrics'] },
  { address: 'team[43].git.services', kind: 'git-scope', action: 'add', before: null, after: [7], impacts: ['changes-team-metrics'] },
  { address: 'team[44].git.repositories', kind: 'git-scope', action: 'remove', before: [1234], after: null, impacts: ['changes-team-metrics'], destructive: 'scope_removal' },
  { address: 'git.defaults.releases_detection', kind: 'org-default', action: 'update', before: { method: 'tags', pattern: '^v\\d+' }, after: { method: 'tags', pattern: '^release-' }, impacts: ['history-recompute'] },
  { address: 'git.defaults.default_branch', kind: 'org-default', action: 'add', before: null, after: { branch_name: 'main' }, impacts: [] },
  { address: 'git.defaults.exclude_branches', kind: 'org-default', action: 'remove', before: { patterns: ['tmp/*'] }, after: null, impacts: ['history-recompute'] },
  { address: 'repo["acme/api"].settings.coding_time_strategy', kind: 'repo-override', action: 'add', before: null, after: { method: 'first_commit' }, impacts: ['history-recompute'] },
  { address: 'repo["acme/api"].settings.exclude_file_extensions', kind: 'repo-override', action: 'update', before: { extensions: ['.lock', '.svg'] }, after: { extensions: ['.lock', '.png', '.svg'] }, impacts: ['history-recompute'] },
  { address: 'repo["acme/web"].settings.default_branch', kind: 'repo-override', action: 'remove', before: { branch_name: 'develop' }, after: null, impacts: [], destructive: 'override_removal' },
  { address: 'repo["acme/new"].monitored', kind: 'monitoring', action: 'add', before: null, after: true, impacts: ['backfill', 'counts-against-limit'] },
  { address: 'repo["acme/old"].monitored', kind: 'monitoring', action: 'remove', before: true, after: null, impacts: ['stops-collection'], destructive: 'stop_monitoring' },
  { address: 'repo["acme/web"].monitored', kind: 'monitoring', action: 'update', before: false, after: true, impacts: ['backfill'] },
];

/** The same changes, deliberately out of group order, to show the renderer groups them. */
export const shuffled: Change[] = [...everyKind].reverse();
