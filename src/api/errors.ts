// One error type for every failed API call (octokit's RequestError habit): it names the route,
// says what failed in words, carries the parsed body, and has the API key redacted from
// everything derived from a response, because a server may echo the key back.

import { EmctlError, REDACTED } from '../contract/errors.js';
import type { ValidationErrorItem } from '../contract/types.js';

export type ApiErrorBody =
  | { shape: 'items'; applied: unknown[]; rejected: Array<Record<string, unknown> & { code: string; message: string }> }
  | { shape: 'detail'; detail: string }
  | { shape: 'validation'; detail: ValidationErrorItem[] }
  | { shape: 'none'; text: string };

export interface ApiErrorInit {
  route: string;
  /** Path with query that was called (no key is ever in it). */
  path: string;
  /** HTTP status; undefined for transport failures (reset, timeout, refused connection). */
  status: number | undefined;
  body: ApiErrorBody;
  /** Tries made, including the last one. */
  tries: number;
  /** For transport failures: what went wrong ("connection reset", "timed out after 30000 ms"). */
  cause?: string;
  /**
   * For transport failures that never reached the service (refused, host not found): where it was
   * looked for. The message then names it and says where the address comes from. Never holds
   * credentials (the client strips them, and the CLI refuses a base URL that has any).
   */
  unreached?: { url: string; host: string; code: string };
  /** The base URL called: named when the answer suggests it is not the service's (a bare 404, a page that is not JSON). */
  baseUrl?: string;
  /** For a 2xx whose body is not the route's shape (shapes.ts): the first mismatch, naming the field. */
  unexpectedShape?: string;
  /**
   * A try of this call may have reached the service and lost its answer (a reset or timeout after
   * sending, a 502/504), whatever the last try met: a write may have been applied.
   */
  answerLost?: boolean;
}

export class ApiError extends EmctlError {
  readonly status: number | undefined;
  readonly route: string;
  readonly path: string;
  readonly body: ApiErrorBody;
  readonly tries: number;
  /** True when the last try reached nothing (refused connection, host not found). */
  readonly unreached: boolean;
  /** True when some try may have reached the service and lost its answer (ApiErrorInit.answerLost). */
  readonly answerLost: boolean;

  constructor(init: ApiErrorInit) {
    super('api', describeFailure(init), [...detailLines(init.body), ...authHint(init)]);
    this.name = 'ApiError';
    this.status = init.status;
    this.route = init.route;
    this.path = init.path;
    this.body = init.body;
    this.tries = init.tries;
    this.unreached = init.unreached !== undefined;
    this.answerLost = init.answerLost === true;
  }
}

/** A call refused locally, before sending, because its parameters break the spec's limits. */
export class InvalidRequestError extends EmctlError {
  readonly route: string;
  constructor(route: string, problem: string) {
    super('api', `${route}: invalid request, not sent: ${problem}`);
    this.name = 'InvalidRequestError';
    this.route = route;
  }
}

const MAX_TEXT = 300;

function truncate(text: string, max = MAX_TEXT): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length > max ? `${oneLine.slice(0, max)}...` : oneLine;
}

function describeFailure(init: ApiErrorInit): string {
  const tries = init.tries > 1 ? ` (after ${init.tries} tries)` : '';
  const head = `${init.route} failed`;
  if (init.status === undefined && init.unreached && init.answerLost) {
    const after = init.tries > 1 ? `, after ${init.tries} tries` : '';
    return `${head}: the answer of an earlier try was lost, then the service stopped answering (${init.cause ?? 'no response'}${after})`;
  }
  if (init.status === undefined && init.unreached) return `${head}: ${unreachedSentence(init.unreached, init.cause, init.tries)}`;
  if (init.status === undefined) return `${head}: ${init.cause ?? 'no response'}${tries}`;
  if (init.unexpectedShape !== undefined) {
    return `${head}: the ${init.status} answer does not have the documented shape: ${truncate(init.unexpectedShape)}`;
  }
  const wrongPlace = wrongBaseUrl(init);
  if (wrongPlace !== undefined) return `${head}: ${init.status}${tries}; ${wrongPlace}`;
  const summary = summarize(init.body);
  return `${head}: ${init.status}${summary ? ` ${summary}` : ''}${tries}`;
}

/**
 * A wrong base URL path answers with a page that is not JSON (a proxy's or a web app's HTML), or
 * with a bare 404 "Not Found" for a route every service has. Say which URL to check, and do not
 * paste the page.
 */
function wrongBaseUrl(init: ApiErrorInit): string | undefined {
  // Client errors and successes: a 5xx page is the service (or its gateway) failing, retried as
  // such; 401, 403 and 429 are about the key and the pace, wherever the service is. A 2xx page that
  // is not JSON is a proxy or a web app answering at a wrong base URL path: the service never
  // answers a success that way.
  const status = init.status;
  if (init.baseUrl === undefined || status === undefined || status < 200 || status >= 500 || (status >= 300 && status < 400) || [401, 403, 429].includes(status)) return undefined;
  const check = `is ${init.baseUrl} the service's base URL? check --base-url or EMCTL_BASE_URL`;
  if (init.body.shape === 'none' && init.body.text.trim() !== '' && !isJson(init.body.text)) {
    return `the answer is not JSON (${init.body.text.trimStart().startsWith('<') ? 'an HTML page' : 'plain text'}): ${check}`;
  }
  if (init.status === 404 && (init.body.shape === 'none' || (init.body.shape === 'detail' && init.body.detail === 'Not Found'))) return `no such route: ${check}`;
  return undefined;
}

/**
 * "could not reach the service at http://127.0.0.1:9/ (connection refused, after 5 tries); is it
 * running? check --base-url or EMCTL_BASE_URL": the address, the reason (a host not found is
 * named), and what to check.
 */
function unreachedSentence(where: NonNullable<ApiErrorInit['unreached']>, cause: string | undefined, tries: number): string {
  const notFound = where.code === 'ENOTFOUND' || where.code === 'EAI_NONAME';
  const reason = notFound ? `host not found: ${where.host}` : (cause ?? 'no response');
  const after = tries > 1 ? `, after ${tries} tries` : '';
  const check =
    where.code === 'ECONNREFUSED'
      ? 'is it running? check --base-url or EMCTL_BASE_URL'
      : where.code === 'ERR_SSL_WRONG_VERSION_NUMBER'
        ? 'it serves http://, not https://: use http:// in --base-url (and --insecure-http if it is not on this machine: the key would travel in cleartext)'
        : 'check --base-url or EMCTL_BASE_URL';
  return `could not reach the service at ${where.url} (${reason}${after}); ${check}`;
}

/** One short phrase for the message line; the per-item details go to detailLines. */
function summarize(body: ApiErrorBody): string {
  switch (body.shape) {
    case 'detail':
      return truncate(body.detail);
    case 'validation':
      // The first few are enough for one line (truncate cuts it anyway): no join of 100,000 items.
      return truncate(body.detail.slice(0, 5).map(formatValidationItem).join('; '));
    case 'items': {
      const first = body.rejected[0];
      if (!first) return 'nothing applied';
      const more = body.rejected.length > 1 ? ` (and ${body.rejected.length - 1} more rejected)` : '';
      return `${truncate(first.message || first.code, 200)}${more}`;
    }
    case 'none':
      return truncate(body.text, 200);
  }
}

function formatValidationItem(item: ValidationErrorItem): string {
  const loc = Array.isArray(item.loc) ? item.loc.join('.') : '';
  return loc ? `${loc}: ${item.msg}` : String(item.msg);
}

/** A refused key is the commonest first-run failure: say where the key comes from. */
function authHint(init: ApiErrorInit): string[] {
  const text = init.body.shape === 'detail' ? init.body.detail : init.body.shape === 'none' ? init.body.text : '';
  const aboutKey = init.status === 401 || (init.status === 403 && /api key|x-api-key|authenticat/i.test(text));
  return aboutKey ? ['the service refused the API key: check EMCTL_API_KEY or the file given to --api-key-file'] : [];
}

/**
 * Detail lines an error carries at most; past them one line counts the rest. A service may answer
 * a refusal with thousands of validation items or rejections (one per entry sent): the message
 * stays readable, and the whole list is still in the error's body.
 */
export const MAX_DETAIL_LINES = 20;

/** The fields a rejected entry is identified by, across the spec's write endpoints, in print order. */
const REJECTED_IDENTITY = ['team_id', 'integration_id', 'entity_provider_id', 'id', 'state'] as const;

function detailLines(body: ApiErrorBody): string[] {
  if (body.shape === 'items') {
    return firstLines(body.rejected, (r) => {
      // Only the fields the spec identifies an entry by: a name the service made up is never
      // printed (a key shorter than redactDeep looks for in names could be one).
      const who = REJECTED_IDENTITY.flatMap((k) => {
        const v = (r as Record<string, unknown>)[k];
        return typeof v === 'string' || typeof v === 'number' ? [`${k}=${truncate(String(v), 100)}`] : [];
      }).join(' ');
      return `${who ? `${who}: ` : ''}${truncate(r.code, 100)}: ${truncate(r.message)}`;
    }, 'rejected');
  }
  if (body.shape === 'validation' && body.detail.length > 1) return firstLines(body.detail, (item) => truncate(formatValidationItem(item)), 'problems');
  return [];
}

/** `format` of the first MAX_DETAIL_LINES items, then "... and N more <what>" for the rest. */
function firstLines<T>(items: readonly T[], format: (item: T) => string, what: string): string[] {
  const lines = items.slice(0, MAX_DETAIL_LINES).map(format);
  if (items.length > MAX_DETAIL_LINES) lines.push(`... and ${items.length - MAX_DETAIL_LINES} more ${what} (not shown)`);
  return lines;
}

// ---- parsing and redaction ------------------------------------------------------------------

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Sorts a response body into one of the spec's error shapes (api-spec.md, "PM error body shapes"). */
export function parseErrorBody(text: string): ApiErrorBody {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { shape: 'none', text };
  }
  if (isRecord(json)) {
    if (Array.isArray(json.rejected)) {
      const rejected = json.rejected.filter(isRecord).map((r) => ({
        ...r,
        code: typeof r.code === 'string' ? r.code : 'unknown',
        message: typeof r.message === 'string' ? r.message : '',
      }));
      return { shape: 'items', applied: Array.isArray(json.applied) ? json.applied : [], rejected };
    }
    if (typeof json.detail === 'string') return { shape: 'detail', detail: json.detail };
    if (Array.isArray(json.detail)) {
      const detail = json.detail.filter(isRecord).map((d) => ({
        type: typeof d.type === 'string' ? d.type : '',
        loc: Array.isArray(d.loc) ? (d.loc as (string | number)[]) : [],
        msg: typeof d.msg === 'string' ? d.msg : JSON.stringify(d.msg),
      }));
      return { shape: 'validation', detail };
    }
  }
  return { shape: 'none', text };
}

/** Replaces every occurrence of `secret` in a string. */
export function redactText(text: string, secret: string): string {
  if (!secret) return text;
  return text.split(secret).join(REDACTED);
}

/**
 * Below this length a secret is not looked for in property names. A key that short (`x`, `e`) is
 * part of the spec's own field names (`text`, `detail`), and renaming those fields would break the
 * answer's structure (the error lost its message, or a reader crashed on the missing field); such
 * a key is not a credential anyone issues, and values are still redacted.
 */
const MIN_SECRET_IN_NAMES = 8;

/** Deep copy of a JSON-like value with `secret` replaced in every string (keys too, unless the secret is very short). */
export function redactDeep<T>(value: T, secret: string): T {
  if (!secret) return value;
  if (typeof value === 'string') return redactText(value, secret) as T;
  if (Array.isArray(value)) return value.map((v) => redactDeep(v, secret)) as T;
  if (isRecord(value)) {
    const out: Record<string, unknown> = {};
    const names = secret.length >= MIN_SECRET_IN_NAMES;
    for (const [k, v] of Object.entries(value)) out[names ? redactText(k, secret) : k] = redactDeep(v, secret);
    return out as T;
  }
  return value;
}
