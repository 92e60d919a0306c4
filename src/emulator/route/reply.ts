// How the emulator's rules refuse a request: an HttpError carries the status and the exact body
// the service would send, in the FastAPI shapes api-notes.md describes.

import type { ValidationErrorItem } from '../../contract/types.js';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {
    super(`HTTP ${status}`);
    this.name = 'HttpError';
  }
}

/** A refused request: `{detail: "<message>"}`. */
export function refused(status: number, detail: string): HttpError {
  return new HttpError(status, { detail });
}

/** An invalid request: `{detail: [{type, loc, msg}]}` (Pydantic style). */
export function invalid(status: number, items: ValidationErrorItem[]): HttpError {
  return new HttpError(status, { detail: items });
}

/** A body already serialized (hot list routes build it from per-record JSON caches). */
export class RawJson {
  constructor(readonly text: string) {}
}

/** A file served as is (a report file): its text and content type. */
export class RawFile {
  constructor(
    readonly text: string,
    readonly contentType: string,
  ) {}
}

/** The answer of a handler that did not throw. */
export interface Reply {
  status: number;
  body: unknown;
}

/** Status of a write where nothing applied: the status all rejections share, else 400. */
export function sharedStatus(statuses: readonly number[]): number {
  const first = statuses[0];
  return first !== undefined && statuses.every((s) => s === first) ? first : 400;
}
