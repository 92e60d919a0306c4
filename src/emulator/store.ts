// The emulator's store, the running service's memory: the state built from a fixture, the request
// log, the report store, the activity index and its contributors, and what persistence and reset
// need. The rules live in the rooms of the endpoint families (pm/, git/, lists/, measurements/),
// which take the state and a journal; the store knows nothing of HTTP.

import type { AuditLogEntry, EmulatorRequestLogEntry } from '../contract/types.js';
import type { RecomputeEntry } from '../contract/git-types.js';
import type { Fixture } from './fixture/types.js';
import { resolveActivity } from './fixture/generate-activity.js';
import { stateJournal, type Journal } from './state/journal.js';
import { indexActivity, type ActivityIndex } from './metrics/index.js';
import { AnswerCache } from './metrics/answer-cache.js';
import { ReportStore, DEFAULT_REPORT_OPTIONS, type ReportOptions } from './measurements/reports.js';
import { buildState, stateToFixture } from './fixture/state.js';
import { peopleOf, type People } from './lists/people.js';
import type { EmulatorState } from './state/state.js';

/** Request log entries kept; older ones are dropped so a long benchmark cannot exhaust memory. */
export const REQUEST_LOG_CAP = 100_000;
/** Bytes of the request log (bodies, paths and queries, roughly as JSON); older entries go first. */
export const REQUEST_LOG_BYTES = 32 * 1024 * 1024;

/** A fixture without its API keys: what the emulator writes to files and admin answers. */
export type KeylessFixture = Omit<Fixture, 'api_keys'>;

/**
 * What a --state file holds: the current organization as a fixture, plus the logs. The API keys are
 * left out (secrets never go to files we write); they come from the fixture the emulator starts with.
 */
export interface StateFile {
  format: 'emctl-emulator-state';
  version: 1;
  fixture: KeylessFixture;
  audit_log: AuditLogEntry[];
  recomputes: RecomputeEntry[];
}

export class EmulatorStore {
  state: EmulatorState;
  /**
   * The activity the measurement endpoints compute over, indexed once at load (generated activity
   * is made relative to the clock's day, then only the index is kept). It never changes: writes and
   * reset leave it alone (the metrics still follow the state, e.g. exclude_branches), and the
   * --state file does not hold it (it comes from the fixture the emulator starts with).
   */
  readonly activityIndex: ActivityIndex;
  /** The activity's contributors as the service's lists show them (lists/), made at load like the index. */
  readonly people: People;
  /** Whole v2 answers kept for their next page (metrics/answer-cache.ts). */
  readonly answers = new AnswerCache();
  /** Goes up at every change of the state (a write, reset, restore): what cached answers are valid for. */
  revision = 0;
  /** Report files of exports and v1 reports, behind expiring links (kept across reset, like issued links). */
  readonly reports: ReportStore;
  private requestLog: EmulatorRequestLogEntry[] = [];
  /** Approximate bytes of each entry of requestLog, and their sum. */
  private requestSizes: number[] = [];
  private requestBytes = 0;
  /** Entries before this index are dropped (compacted in bulk, so dropping is O(1) amortized). */
  private requestStart = 0;
  private readonly pristine: Fixture;
  private readonly clock: () => Date;

  /** `fixture` is what reset restores; `current` (from a state file) is where to start instead. */
  constructor(fixture: Fixture, options: { clock?: () => Date; current?: StateFile; reports?: ReportOptions; reportClock?: () => number } = {}) {
    // The activity is kept once, below; reset rebuilds only the organization.
    const { activity, ...organization } = fixture;
    void activity;
    this.pristine = structuredClone(organization);
    this.clock = options.clock ?? (() => new Date());
    const resolved = resolveActivity(fixture, this.clock());
    this.activityIndex = indexActivity(resolved);
    this.people = peopleOf(resolved.contributors ?? [], fixture.organization.name);
    this.reports = new ReportStore(options.reports ?? DEFAULT_REPORT_OPTIONS, options.reportClock);
    this.state = buildState(options.current ? { ...options.current.fixture, api_keys: fixture.api_keys } : fixture);
    if (options.current) {
      this.state.audit = [...options.current.audit_log];
      this.state.recomputes = [...options.current.recomputes];
    }
  }

  /** A journal for one request; `onTouch` learns that the request changed the state. */
  journal(onTouch: () => void = () => {}): Journal {
    return stateJournal(this.state, this.clock, () => {
      this.revision += 1;
      onTouch();
    });
  }

  /** Restores the fixture state and clears every log. */
  reset(): void {
    this.revision += 1;
    this.state = buildState(structuredClone(this.pristine));
    this.clearRequests();
  }

  /**
   * Puts the organization back as a state file holds it (the last state persisted), keeping the
   * request log: a change whose --state write failed is undone this way.
   */
  restore(file: StateFile): void {
    this.revision += 1;
    const apiKeys = [...this.state.apiKeys];
    this.state = buildState({ ...structuredClone(file.fixture), api_keys: apiKeys });
    this.state.audit = [...file.audit_log];
    this.state.recomputes = [...file.recomputes];
  }

  private clearRequests(): void {
    this.requestLog = [];
    this.requestSizes = [];
    this.requestBytes = 0;
    this.requestStart = 0;
  }

  /** Logs a request; `bytes` is its size as kept (the caller knows its body's length). */
  logRequest(entry: EmulatorRequestLogEntry, bytes = 200): void {
    this.requestLog.push(entry);
    this.requestSizes.push(bytes);
    this.requestBytes += bytes;
    while (this.requestLog.length - this.requestStart > REQUEST_LOG_CAP || (this.requestBytes > REQUEST_LOG_BYTES && this.requestLog.length - this.requestStart > 1)) {
      this.requestBytes -= this.requestSizes[this.requestStart] ?? 0;
      this.requestStart++;
    }
    if (this.requestStart > 1024 && this.requestStart * 2 > this.requestLog.length) {
      this.requestLog = this.requestLog.slice(this.requestStart);
      this.requestSizes = this.requestSizes.slice(this.requestStart);
      this.requestStart = 0;
    }
  }

  /** What the request log holds now, in the bytes logRequest was told (bodies counted by their size). */
  get requestLogBytes(): number {
    return this.requestBytes;
  }

  get requests(): readonly EmulatorRequestLogEntry[] {
    return this.requestStart === 0 ? this.requestLog : this.requestLog.slice(this.requestStart);
  }

  get auditLog(): readonly AuditLogEntry[] {
    return this.state.audit;
  }

  get recomputes(): readonly RecomputeEntry[] {
    return this.state.recomputes;
  }

  /** The current organization as a fixture (what `emctl export --fixture` would write). */
  toFixture(): Fixture {
    return stateToFixture(this.state);
  }

  /** The current organization as a fixture without the API keys (admin route, state file). */
  toKeylessFixture(): KeylessFixture {
    const { api_keys, ...rest } = this.toFixture();
    void api_keys;
    return rest;
  }

  toStateFile(): StateFile {
    return {
      format: 'emctl-emulator-state',
      version: 1,
      fixture: this.toKeylessFixture(),
      audit_log: [...this.state.audit],
      recomputes: [...this.state.recomputes],
    };
  }

  isApiKey(key: string | undefined): boolean {
    return key !== undefined && this.state.apiKeys.has(key);
  }
}
