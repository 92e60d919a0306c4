// When and how long to retry (api-notes.md: real clients retry 429, 500, 502, 503, 504, timeouts
// and connection errors, up to 5 tries, exponential backoff with jitter from 1 s to about 30 s).
// Retrying writes is safe here: every write of this API sets absolute values (a selection state,
// a scope, a settings section, a monitoring state), so sending it twice has the effect of once.

export interface RetryPolicy {
  maxTries: number;
  baseMs: number;
  maxMs: number;
}

/** A server-sent Retry-After longer than this is cut to it, so a CLI never hangs for hours. */
export const RETRY_AFTER_CEILING_MS = 5 * 60_000;

const RETRYABLE_STATUSES = new Set([429, 500, 502, 503, 504]);

export function isRetryableStatus(status: number): boolean {
  return RETRYABLE_STATUSES.has(status);
}

/**
 * Exponential backoff with full jitter: a uniform draw from [0, min(maxMs, baseMs * 2^(try-1))].
 * Full jitter spreads concurrent retries apart better than a fixed delay plus noise.
 */
export function backoffMs(failedTry: number, policy: RetryPolicy, random: () => number = Math.random): number {
  const ceiling = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.max(0, failedTry - 1));
  return Math.floor(random() * ceiling);
}

/**
 * Parses Retry-After (delay-seconds or an HTTP-date) into milliseconds from `now`; undefined when
 * absent or unreadable. A date in the past means "now" (0).
 */
export function parseRetryAfter(value: string | string[] | undefined, now: number = Date.now()): number | undefined {
  const raw = Array.isArray(value) ? value[0] : value;
  if (raw === undefined) return undefined;
  const text = raw.trim();
  if (text === '') return undefined;
  let ms: number;
  if (/^\d+(\.\d+)?$/.test(text)) ms = Number(text) * 1000;
  else {
    const at = Date.parse(text);
    if (Number.isNaN(at)) return undefined;
    ms = at - now;
  }
  return Math.min(RETRY_AFTER_CEILING_MS, Math.max(0, Math.ceil(ms)));
}

/**
 * Transport failures that another try cannot fix: a name that does not resolve, a bad URL, or a
 * connection pool that we closed ourselves, a body over the caller's size cap. Everything else (reset, refused, timeout) is retried.
 */
const FINAL_TRANSPORT_CODES = new Set(['ERR_BODY_TOO_LARGE', 'ENOTFOUND', 'EAI_NONAME', 'ERR_INVALID_URL', 'UND_ERR_INVALID_ARG', 'UND_ERR_CLOSED', 'UND_ERR_DESTROYED']);

/** A failed TLS handshake (https:// to a plain-HTTP server, a protocol mismatch): every try fails alike, and nothing was sent. */
function isTlsFailure(code: string): boolean {
  return code.startsWith('ERR_SSL_');
}

export function isRetryableTransportCode(code: string): boolean {
  return !FINAL_TRANSPORT_CODES.has(code) && !isTlsFailure(code);
}

/**
 * Failures that say the service was not reached at all (nothing answered at the address): the
 * error then names the address and says where it comes from.
 */
const UNREACHED_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_NONAME', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

export function isUnreachedCode(code: string): boolean {
  return UNREACHED_CODES.has(code) || isTlsFailure(code);
}

/**
 * Backoff for a refused connection before the service has answered anything: most likely nothing
 * listens there (not started, wrong port), so the tries stay but the waits are short. Ceilings
 * 100, 200, 400, 800 ms: at most 1.5 s of waiting in all over the default 5 tries (the normal
 * policy could wait up to 15 s). Once the service has answered, a refusal is more likely a restart
 * and the normal policy applies.
 */
export const REFUSED_BEFORE_ANSWER: Pick<RetryPolicy, 'baseMs' | 'maxMs'> = { baseMs: 100, maxMs: 800 };

export function refusedBeforeAnswerPolicy(policy: RetryPolicy): RetryPolicy {
  return { maxTries: policy.maxTries, baseMs: Math.min(policy.baseMs, REFUSED_BEFORE_ANSWER.baseMs), maxMs: Math.min(policy.maxMs, REFUSED_BEFORE_ANSWER.maxMs) };
}
