// Report files of the measurement endpoints (DESIGN.md §6.2): v2 exports (17) and v1 reports
// (14-15), held in memory behind unguessable links that expire with the retention, like the
// pre-signed object-storage links of the service. A v1 report is made when it is requested and
// becomes visible after the report delay. Memory is bounded: expired files go first, then the
// oldest ones when the total passes a byte budget.

import { randomBytes } from 'node:crypto';
import type { ExportFileFormat } from '../../contract/measurement-types.js';

export const REPORT_PATH_PREFIX = '/_reports/';
/** Bytes of report files kept at most; past it the oldest go (their links then answer 404). */
export const REPORT_BYTES_CAP = 256 * 1024 * 1024;

export interface ReportOptions {
  /** v1 reports: ms from the create call until GET answers 200 (default 1500). */
  delayMs: number;
  /** Seconds a link (and a v1 request id) lives after the file is ready (default 3600). */
  retentionS: number;
}

export const DEFAULT_REPORT_OPTIONS: ReportOptions = { delayMs: 1500, retentionS: 3600 };

interface StoredFile {
  text: string;
  contentType: string;
  bytes: number;
  expiresAt: number;
}

interface V1Report {
  readyAt: number;
  expiresAt: number;
  path: string;
}

/** `expiresInS`: whole seconds the link has left on the store's own clock (what the route says). */
export type V1State = { state: 'pending' } | { state: 'ready'; path: string; expiresAt: number; expiresInS: number } | { state: 'gone' };

const CONTENT_TYPES: Record<ExportFileFormat, string> = { csv: 'text/csv; charset=utf-8', json: 'application/json' };

export class ReportStore {
  /** token -> file, in creation order (so expiry and eviction walk from the front). */
  private readonly files = new Map<string, StoredFile>();
  private readonly v1 = new Map<string, V1Report>();
  private bytes = 0;
  private nextId = 1;

  constructor(
    readonly options: ReportOptions = DEFAULT_REPORT_OPTIONS,
    private readonly now: () => number = Date.now,
    private readonly bytesCap = REPORT_BYTES_CAP,
  ) {}

  /** Stores a file ready now; returns its path (`/_reports/<token>.<ext>`). */
  addFile(text: string, format: ExportFileFormat, readyAt = this.now()): string {
    this.prune();
    const token = randomBytes(24).toString('base64url');
    const bytes = Buffer.byteLength(text);
    this.files.set(token, { text, contentType: CONTENT_TYPES[format], bytes, expiresAt: readyAt + this.options.retentionS * 1000 });
    this.bytes += bytes;
    for (const [oldest, file] of this.files) {
      if (this.bytes <= this.bytesCap || oldest === token) break;
      this.files.delete(oldest);
      this.bytes -= file.bytes;
    }
    return `${REPORT_PATH_PREFIX}${token}.${format}`;
  }

  /** A v1 report: the file is made now, shown after the delay; returns the request id (digits). */
  createV1(text: string, format: ExportFileFormat): string {
    const readyAt = this.now() + this.options.delayMs;
    const path = this.addFile(text, format, readyAt);
    const id = String(this.nextId++);
    this.v1.set(id, { readyAt, expiresAt: readyAt + this.options.retentionS * 1000, path });
    return id;
  }

  v1State(id: string): V1State {
    this.prune();
    const report = this.v1.get(id);
    if (!report || report.expiresAt <= this.now() || !this.files.has(tokenOf(report.path))) return { state: 'gone' };
    const now = this.now();
    if (now < report.readyAt) return { state: 'pending' };
    return { state: 'ready', path: report.path, expiresAt: report.expiresAt, expiresInS: Math.max(0, Math.round((report.expiresAt - now) / 1000)) };
  }

  /** The file behind `<token>.<ext>`, or undefined when unknown or expired. */
  file(name: string): { text: string; contentType: string } | undefined {
    this.prune();
    const file = this.files.get(tokenOf(name));
    if (!file || file.expiresAt <= this.now() || !name.endsWith(file.contentType === CONTENT_TYPES.csv ? '.csv' : '.json')) return undefined;
    return { text: file.text, contentType: file.contentType };
  }

  /**
   * Drops what expired, walking from the oldest and stopping at the first live entry (entries are
   * in nearly expiry order: a v1 file waits out the delay first, so reads check expiry too).
   */
  private prune(): void {
    const now = this.now();
    for (const [token, file] of this.files) {
      if (file.expiresAt > now) break;
      this.files.delete(token);
      this.bytes -= file.bytes;
    }
    for (const [id, report] of this.v1) {
      if (report.expiresAt > now) break;
      this.v1.delete(id);
    }
  }
}

function tokenOf(pathOrName: string): string {
  const name = pathOrName.startsWith(REPORT_PATH_PREFIX) ? pathOrName.slice(REPORT_PATH_PREFIX.length) : pathOrName;
  const dot = name.lastIndexOf('.');
  return dot < 0 ? name : name.slice(0, dot);
}
