// Support for apply tests: a real client on a real emulator (fast retries, no pacing), operations
// built from the client's own request descriptions, and a journal kept in memory.

import { EmClient } from '../../src/api/client.js';
import type { RequestDescription } from '../../src/api/requests.js';
import type { EmulatorRequestLogEntry } from '../../src/contract/types.js';
import type { JournalEvent, JournalSink } from '../../src/apply/journal.js';
import type { Operation } from '../../src/core/plan-model.js';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { TEST_KEY, apiRequests } from '../helpers/emulator.js';

export function fastClient(emulator: RunningEmulator): EmClient {
  return new EmClient({ baseUrl: emulator.url, apiKey: TEST_KEY, rateLimit: 0, retryBaseMs: 2, retryMaxMs: 20 });
}

export class MemoryJournal implements JournalSink {
  readonly events: JournalEvent[] = [];
  write(event: JournalEvent): void {
    this.events.push(event);
  }
  of<K extends JournalEvent['event']>(kind: K): Extract<JournalEvent, { event: K }>[] {
    return this.events.filter((e): e is Extract<JournalEvent, { event: K }> => e.event === kind);
  }
}

/** An operation carrying `d`, as the planner would write it. */
export function operation(
  id: string,
  stage: number,
  d: RequestDescription,
  addresses: string[],
  extra: { items?: { key: string; address: string }[]; dependsOn?: string[] } = {},
): Operation {
  const op: Operation = {
    id,
    stage,
    method: d.method,
    path: d.path,
    route: d.route,
    addresses,
    dependsOn: extra.dependsOn ?? [],
    description: `operation ${id}`,
  };
  if (d.body !== undefined) op.body = d.body;
  if (extra.items) op.items = extra.items;
  return op;
}

/** The API requests that can change state (everything but GET). */
export async function writeRequests(emulator: RunningEmulator): Promise<EmulatorRequestLogEntry[]> {
  return (await apiRequests(emulator.url)).filter((r) => r.method !== 'GET');
}

export const noSleep = async (): Promise<void> => {};
