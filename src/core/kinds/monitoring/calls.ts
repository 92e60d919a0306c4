// The monitoring kind's calls: starts and stops in shared calls unless a stop waits on a Git scope
// write (then starts first, stops last).

import { API_LIMITS } from '../../../contract/types.js';
import type { TargetOf } from '../../draft.js';
import { chunk, operation, plural, type DraftOperation } from '../../ops-common.js';
import type { KindChange, MonitoringCalls } from '../kind.js';

type MonitoringChange = KindChange<TargetOf<'monitoring'>>;

const REPOSITORIES = '/api/v1/git/repositories';

/**
 * Starts and stops, 100 repositories a call. The endpoint takes a state per entry, so when no stop
 * waits on a Git scope write (one that drops the repository from a team: `dropped`), starts and
 * stops share calls: ceil((starts + stops) / 100). Otherwise starts go first and stops last.
 */
export function planMonitoring(monitoring: readonly MonitoringChange[], dropped: ReadonlySet<number>): MonitoringCalls {
  const byId = (c: MonitoringChange) => c.target.repo.id;
  const sorted = (list: MonitoringChange[]) => [...list].sort((a, b) => byId(a) - byId(b));
  const starts = sorted(monitoring.filter((c) => c.change.action === 'add'));
  const stops = sorted(monitoring.filter((c) => c.change.action === 'remove'));
  const build = (list: MonitoringChange[], kind: 'monitor' | 'unmonitor' | 'monitoring'): DraftOperation[] =>
    chunk(list, API_LIMITS.monitorEntriesMax).map((part, n) => {
      const started = part.filter((c) => c.change.action === 'add').length;
      const stopped = part.length - started;
      const what = [
        ...(started > 0 ? [`monitor ${plural(started, 'repository', 'repositories')}`] : []),
        ...(stopped > 0 ? [`stop monitoring ${plural(stopped, 'repository', 'repositories')}`] : []),
      ].join(' and ');
      const op = operation(
        kind === 'unmonitor' ? 'last' : 'first',
        `${kind}.${n + 1}`,
        'PATCH',
        REPOSITORIES,
        REPOSITORIES,
        what,
        { repositories: part.map((c) => ({ id: byId(c), state: c.change.action === 'add' ? 'monitored' : 'not_monitored' })) },
      );
      op.addresses = part.map((c) => c.change.address);
      op.items = part.map((c) => ({ key: String(byId(c)), address: c.change.address }));
      return op;
    });
  if (starts.length > 0 && stops.length > 0 && !stops.some((c) => dropped.has(byId(c)))) {
    return { starts: build([...starts, ...stops], 'monitoring'), stops: [] };
  }
  return { starts: build(starts, 'monitor'), stops: build(stops, 'unmonitor') };
}
