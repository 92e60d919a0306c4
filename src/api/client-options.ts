// The options an EmClient is made with (client.ts), their defaults and checks. Kept apart from the
// client's call path so that file holds the endpoints and the one call path only.

import type { Dispatcher } from 'undici';
import { DEFAULT_RATE_LIMIT } from '../contract/defaults.js';
import { redactText } from './errors.js';
import type { Clock } from './clock.js';
import type { RoutePacer } from './pacing.js';
import type { RetryPolicy } from './retry.js';

export interface ResponseLog {
  method: string;
  route: string;
  path: string;
  status: number | 'error';
  ms: number;
  attempt: number;
}

export interface ClientOptions {
  baseUrl: string;
  /** Sent as x-api-key; "" sends no key (the service then refuses with 401/403). */
  apiKey: string;
  dispatcher?: Dispatcher;
  /** Calls per minute per route (method + path template); default DEFAULT_RATE_LIMIT; 0 = off. */
  rateLimit?: number;
  /** Token bucket capacity per route (calls that go at once after a quiet spell); default = rateLimit. */
  burst?: number;
  /** Tries per call, the first included; default 5. */
  maxTries?: number;
  /** Backoff base and ceiling; defaults 1000 and 30000 ms. */
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** Per try, connect to end of body; default 30000. */
  timeoutMs?: number;
  /** Requests in flight overall; default DEFAULT_CONCURRENCY. */
  concurrency?: number;
  /** Called after every try (for -v). Never receives the key. */
  onResponse?: (log: ResponseLog) => void;
  /** Randomness for backoff jitter (tests pin it). */
  random?: () => number;
  /**
   * Tries of one call the service may answer 429 before the call fails; default 20. Each 429
   * halves its route's pace (RoutePacer.slowDown), so a few are enough for any real limit.
   */
  maxThrottledTries?: number;
  /**
   * How long a route may go without progress (no answer but 429) before its call fails naming the
   * route; default DEFAULT_MAX_THROTTLE_WAIT_MS (DESIGN.md 8, --max-throttle-wait); 0 = wait as long as the tries allow.
   */
  maxThrottleWaitMs?: number;
  /** Time for pacing, retries and polling: the system's unless a test gives a fake one. */
  clock?: Clock;
  /** Called when a 429 slows a route down (once per slow-down, not per 429). */
  onThrottle?: (event: ThrottleEvent) => void;
  /**
   * The caller allows plain http to a non-loopback base URL (the CLI's --insecure-http). Report
   * links are then also fetched over http when their origin is the base URL's own (an emulator on
   * another host serves its reports there); any other http link is still refused.
   */
  insecureHttp?: boolean;
}

export interface ThrottleEvent {
  route: string;
  /** The route's new pace. */
  ratePerMinute: number;
  /** The service's Retry-After, when it sent one. */
  retryAfterMs?: number;
}

/** What the client derives from its options, checked: the constructor only stores these. */
export interface ClientSettings {
  /** The base URL without trailing slashes: paths are appended to it. */
  baseUrl: string;
  /** The base URL as errors show it (no credentials, no key) and its host. */
  service: { url: string; host: string };
  /** The origin plain-http report links may have (ClientOptions.insecureHttp), if any. */
  httpReportOrigin: string | undefined;
  retry: RetryPolicy;
  pacing: ConstructorParameters<typeof RoutePacer>[0];
}

/** Checks the options a client is made with (throws TypeError/RangeError) and applies the defaults. */
export function clientSettings(options: ClientOptions): ClientSettings {
  if (typeof options.apiKey !== 'string') throw new TypeError('EmClient needs an API key string ("" sends none)');
  let parsed: URL;
  try {
    parsed = new URL(options.baseUrl);
  } catch {
    throw new TypeError(`base URL is not a valid URL: "${options.baseUrl}"`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new TypeError(`base URL must be http(s), got "${parsed.protocol}"`);
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const httpReportOrigin = options.insecureHttp === true && parsed.protocol === 'http:' ? parsed.origin : undefined;
  // Shown in "could not reach" errors: the address without user info, query or fragment.
  parsed.username = '';
  parsed.password = '';
  parsed.search = '';
  parsed.hash = '';
  const service = { url: redactText(parsed.href, options.apiKey), host: redactText(parsed.hostname, options.apiKey) };
  const retry = { maxTries: options.maxTries ?? 5, baseMs: options.retryBaseMs ?? 1000, maxMs: options.retryMaxMs ?? 30_000 };
  if (!Number.isInteger(retry.maxTries) || retry.maxTries < 1) throw new RangeError('maxTries must be an integer >= 1');
  if (options.maxThrottleWaitMs !== undefined && !(options.maxThrottleWaitMs >= 0)) throw new RangeError('maxThrottleWaitMs must be >= 0');
  const pacing: ClientSettings['pacing'] = { ratePerMinute: options.rateLimit ?? DEFAULT_RATE_LIMIT };
  if (options.burst !== undefined) pacing.burst = options.burst;
  return { baseUrl, service, httpReportOrigin, retry, pacing };
}
