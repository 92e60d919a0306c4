// What rules record besides state: the clock, audit-log entries (every PM change) and history
// recomputes (Git settings changes), and whether the request changed anything (for --state).

import type { AuditLogEntry } from '../../contract/types.js';
import type { RecomputeEntry } from '../../contract/git-types.js';
import type { EmulatorState } from './state.js';

export interface Journal {
  now(): string;
  audit(entry: Omit<AuditLogEntry, 'at'>): void;
  recompute(entry: RecomputeEntry): void;
  /** Marks the state as changed by this request (persisted afterwards). */
  touch(): void;
}

export function stateJournal(state: EmulatorState, clock: () => Date, onTouch: () => void): Journal {
  return {
    now: () => clock().toISOString(),
    audit(entry) {
      state.audit.push({ at: clock().toISOString(), ...entry });
      onTouch();
    },
    recompute(entry) {
      state.recomputes.push(entry);
      onTouch();
    },
    touch: onTouch,
  };
}
