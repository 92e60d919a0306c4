// The apply journal: one JSON line per event (apply start, each operation attempt, each item result,
// apply end), written synchronously as it happens, so that whatever stops the process (Ctrl-C, a
// crash) leaves every line already written whole and parseable. It never holds the API key: each
// line goes through the run's output redactor (output/redaction.ts), like all emctl writes.

import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Redactor } from '../output/redaction.js';

export type JournalEvent =
  | {
      event: 'apply-start';
      operations: number;
      addresses: number;
      plan_created_at?: string;
      config_files: string[];
      /** The plan about to run, written before the first write: a run killed early still leaves what it meant to do. */
      plan?: { changes: { address: string; action: string }[]; operations: { id: string; method: string; path: string; body?: unknown; addresses: string[] }[] };
    }
  | {
      event: 'operation-start';
      op: string;
      attempt: number;
      stage: number;
      method: string;
      path: string;
      description: string;
      addresses: string[];
    }
  | { event: 'operation-end'; op: string; attempt: number; status: 'ok' | 'partial' | 'failed'; http_status?: number; ms: number; message?: string }
  | {
      event: 'item';
      op: string;
      attempt: number;
      address: string;
      status: 'applied' | 'rejected' | 'retrying' | 'skipped' | 'unknown';
      key?: string;
      code?: string;
      message?: string;
      /** Lines under the message of a call refused as a whole (e.g. where the API key comes from). */
      details?: string[];
    }
  | { event: 'interrupt'; in_flight: number; forced?: true }
  | {
      /** The final re-read of what was written (and of writes whose answer was lost). */
      event: 'verify';
      checked: number;
      mismatched: string[];
      /** Writes journalled `unknown`, as the re-read resolved them. */
      unknown_applied: string[];
      unknown_not_applied: string[];
      /** The re-read itself failed: nothing was resolved. */
      error?: string;
    }
  | { event: 'apply-end'; applied: number; rejected: number; skipped: number; interrupted: boolean };

/** Where the executor records what it does; the file journal below, or a list in tests. */
export interface JournalSink {
  write(event: JournalEvent): void;
}

export class FileJournal implements JournalSink {
  readonly path: string;
  private fd: number | undefined;
  /** The run's redactor (WorkflowIO.redactor); without one, lines are written as they are. */
  private readonly redactor: Redactor | undefined;

  constructor(path: string, redactor?: Redactor) {
    this.path = path;
    this.redactor = redactor;
    mkdirSync(dirname(path), { recursive: true });
    // 'a': appending to an existing --journal file keeps earlier runs; each line says when it was written.
    this.fd = openSync(path, 'a', 0o600);
  }

  write(event: JournalEvent): void {
    if (this.fd === undefined) return;
    const line = JSON.stringify({ at: new Date().toISOString(), ...event });
    writeSync(this.fd, (this.redactor?.redact(line) ?? line) + '\n');
  }

  close(): void {
    if (this.fd === undefined) return;
    closeSync(this.fd);
    this.fd = undefined;
  }
}

/** `.emctl/journal-<timestamp>.jsonl` under cwd, or the --journal path resolved against cwd. */
export function journalPath(cwd: string, explicit: string | undefined, now: Date = new Date()): string {
  if (explicit) return resolve(cwd, explicit);
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  return join(cwd, '.emctl', `journal-${stamp}.jsonl`);
}
