// The one call path of the service client (client.ts): pacing per route, the cap on requests in
// flight, retries of what is safe to retry, 429s that slow a route instead of failing it, and every
// failure turned into an ApiError free of the key. Every request goes through `exchange`, the
// measurement calls and report downloads included.

import type { Dispatcher } from 'undici';
import { ApiError, parseErrorBody, redactDeep, redactText, type ApiErrorBody, type ApiErrorInit } from './errors.js';
import { clientSettings, type ClientOptions, type ClientSettings } from './client-options.js';
import { sleepOn, systemClock, type Clock } from './clock.js';
import { CallGate } from './gate.js';
import { RoutePacer } from './pacing.js';
import type { RequestDescription } from './requests.js';
import {
  backoffMs,
  isRetryableStatus,
  isRetryableTransportCode,
  isUnreachedCode,
  parseRetryAfter,
  refusedBeforeAnswerPolicy,
} from './retry.js';
import { hasResponseShape, responseShapeProblem } from './shapes.js';
import { echoedFieldProblem } from './echoed-fields.js';
import { httpRequest, TransportError, type HttpResponse } from './transport.js';
import type { Exchange, WireTarget } from './client-measurements.js';
import { DEFAULT_CONCURRENCY, DEFAULT_MAX_THROTTLE_WAIT_MS } from '../contract/defaults.js';

export class CallPath {
  /** Base URL, the address errors show, retry policy and pacing (client-options.ts). */
  readonly settings: ClientSettings;
  private readonly apiKey: string;
  private readonly dispatcher: Dispatcher | undefined;
  private readonly timeoutMs: number;
  private readonly pacer: RoutePacer;
  /** Each route's calls done, waiting and in flight, and its pace. */
  readonly gate: CallGate;
  private readonly onResponse: ClientOptions['onResponse'];
  private readonly onThrottle: ClientOptions['onThrottle'];
  private readonly maxThrottledTries: number;
  private readonly maxThrottleWaitMs: number;
  private readonly random: () => number;
  readonly clock: Clock;
  /** Per route, when it last made progress (its first call, or an answer other than 429): --max-throttle-wait. */
  private readonly progressAt = new Map<string, number>();
  readonly counts = { calls: 0, retries: 0, byRoute: {} as Record<string, number> };
  /** Whether the service has answered anything yet (any status): a refusal before that is likely "nothing listens". */
  private answered = false;

  constructor(options: ClientOptions) {
    this.settings = clientSettings(options);
    this.apiKey = options.apiKey;
    this.dispatcher = options.dispatcher;
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.clock = options.clock ?? systemClock;
    this.pacer = new RoutePacer({ ...this.settings.pacing, clock: this.clock });
    this.gate = new CallGate(this.pacer, options.concurrency ?? DEFAULT_CONCURRENCY, this.clock);
    this.onResponse = options.onResponse;
    this.onThrottle = options.onThrottle;
    this.maxThrottledTries = options.maxThrottledTries ?? 20;
    this.maxThrottleWaitMs = options.maxThrottleWaitMs ?? DEFAULT_MAX_THROTTLE_WAIT_MS;
    this.random = options.random ?? Math.random;
  }

  /** `text` with the key taken out: what an error may show of a path. */
  redact(text: string): string {
    return redactText(text, this.apiKey);
  }

  async call<T>(d: RequestDescription): Promise<T> {
    return (await this.exchange(d)).body as T;
  }

  /**
   * The one call path: pacing, the concurrency cap, retries and errors for every request, the
   * measurement calls and report downloads included. Returns any 2xx with its status (and, for a
   * `target` that asks for it, a 3xx, so the caller decides about a redirect).
   */
  async exchange(d: RequestDescription, target?: WireTarget): Promise<Exchange> {
    const body = d.body === undefined ? undefined : JSON.stringify(d.body);
    const headers: Record<string, string> = { accept: target ? '*/*' : 'application/json' };
    // A report link is pre-signed: it never gets the key (the service may be another host).
    if (this.apiKey && !target) headers['x-api-key'] = this.apiKey;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const safePath = target ? target.shownAs : redactText(d.path, this.apiKey);

    /** Tries answered 429: counted apart from the failures maxTries bounds. */
    let throttled = 0;
    if (!this.progressAt.has(d.route)) this.progressAt.set(d.route, this.clock.now());
    /**
     * Whether a try may have reached the service and lost its answer: a write then may have been
     * applied, even when a later try found the service gone (connection refused) or answering 503.
     */
    let answerLost = false;
    for (let attempt = 1; ; attempt++) {
      // Every try, retries included, takes a token of its route and a slot together (CallGate):
      // waiting for a token holds no slot, so a busy route never blocks the others, and calls do
      // not collect tokens while the slots are busy only to leave in a bunch.
      let sentAt = 0;
      let started = performance.now();
      let response: HttpResponse;
      try {
        const req: Parameters<typeof httpRequest>[0] = { url: target ? target.url : this.settings.baseUrl + d.path, method: d.method, headers, timeoutMs: this.timeoutMs };
        if (body !== undefined) req.body = body;
        if (this.dispatcher) req.dispatcher = this.dispatcher;
        if (target?.maxBytes !== undefined) req.maxBytes = target.maxBytes;
        response = await this.gate.run(d.route, () => {
          sentAt = this.pacer.stamp();
          this.count(d.route, attempt);
          started = performance.now(); // time on the wire, not time waiting for a token or a slot
          return httpRequest(req);
        });
      } catch (error) {
        if (!(error instanceof TransportError)) throw error;
        this.log(d, safePath, 'error', started, attempt);
        if (!isUnreachedCode(error.code)) answerLost = true;
        if (attempt - throttled < this.settings.retry.maxTries && isRetryableTransportCode(error.code) && !(d.once === true && answerLost)) {
          // Refused before the service ever answered: likely nothing listens there, so the same
          // tries with short waits (bounded, retry.ts); after an answer, a restart: normal waits.
          const policy = error.code === 'ECONNREFUSED' && !this.answered ? refusedBeforeAnswerPolicy(this.settings.retry) : this.settings.retry;
          await sleepOn(this.clock, backoffMs(attempt - throttled, policy, this.random));
          continue;
        }
        // The one place a transport failure becomes an ApiError: when nothing was reached, the
        // message names the address (never the key) and what to check.
        const init: ApiErrorInit = {
          route: d.route,
          path: safePath,
          status: undefined,
          body: { shape: 'none', text: '' },
          tries: attempt,
          cause: redactText(error.message, this.apiKey),
          answerLost,
        };
        if (isUnreachedCode(error.code) && !target) init.unreached = { ...this.settings.service, code: error.code };
        throw new ApiError(init);
      }
      this.answered = true;
      this.log(d, safePath, response.status, started, attempt);
      if (response.status !== 429) {
        this.pacer.answered(d.route, sentAt); // a quiet spell lets a slowed route speed up again
        this.progressAt.set(d.route, this.clock.now());
      }

      if (response.status >= 200 && response.status < 300) {
        const parsed = target?.raw ? undefined : this.parseSuccess<unknown>(d, safePath, response, attempt);
        return { status: response.status, body: parsed, text: response.text, headers: response.headers, tries: attempt };
      }
      if (target?.passRedirects && response.status >= 300 && response.status < 400) {
        return { status: response.status, body: undefined, text: response.text, headers: response.headers, tries: attempt };
      }

      if (response.status === 429 && throttled < this.maxThrottledTries) {
        // The service's real limit is below our pace: the route slows down and the call is tried
        // again at the new pace. These tries do not use up the retries meant for failures, so a
        // limit lower than --rate-limit slows a run down but never fails it.
        throttled += 1;
        const now = this.clock.now();
        // A route that only ever answers 429 is not waited on forever (DESIGN.md 8).
        const giveUpAt = this.maxThrottleWaitMs > 0 ? (this.progressAt.get(d.route) ?? now) + this.maxThrottleWaitMs : Number.POSITIVE_INFINITY;
        if (now >= giveUpAt) {
          const error = this.throttledTooLong(d, safePath, attempt);
          this.gate.close(d.route, error);
          throw error;
        }
        const retryAfter = parseRetryAfter(response.headers['retry-after'], now);
        const rate = this.pacer.slowDown(d.route, sentAt);
        // A 429 speaks for the whole route: hold its other calls too, not just this one (never
        // past the moment the route gives up, so that try can say so).
        if (retryAfter !== undefined) this.pacer.pause(d.route, Math.min(retryAfter, giveUpAt - now));
        if (rate !== undefined) this.onThrottle?.({ route: d.route, ratePerMinute: rate, ...(retryAfter === undefined ? {} : { retryAfterMs: retryAfter }) });
        continue;
      }
      // A gateway's 502 or 504: the call may have reached the service behind it.
      if (response.status === 502 || response.status === 504) answerLost = true;
      if (isRetryableStatus(response.status) && response.status !== 429 && !(d.once === true && answerLost) && attempt - throttled < this.settings.retry.maxTries) {
        const retryAfter = parseRetryAfter(response.headers['retry-after'], this.clock.now());
        await sleepOn(this.clock, retryAfter ?? backoffMs(attempt - throttled, this.settings.retry, this.random));
        continue;
      }
      throw this.failure(d, safePath, response.status, parseErrorBody(response.text), attempt, answerLost);
    }
  }

  /**
   * A success body is data, kept exactly as the service sent it, also where it holds the key's text
   * (a short key can be part of a name): the key is taken out of what emctl prints and writes
   * (output/redaction.ts), never out of what a plan is built from (DESIGN 8). Shape and echoed
   * fields are checked here, once.
   */
  private parseSuccess<T>(d: RequestDescription, safePath: string, response: HttpResponse, attempt: number): T {
    if (response.text.trim() === '') {
      // A 204 is "no data" where the spec allows it; an empty 200 of a route with a shape is not.
      if (response.status === 200 && hasResponseShape(d.route)) throw this.unexpectedShape(d, safePath, response.status, 'the body is empty', attempt);
      return undefined as T;
    }
    let parsed: T;
    try {
      parsed = JSON.parse(response.text) as T;
    } catch {
      // Named as a wrong base URL (errors.ts), the page itself not pasted into the message.
      throw this.failure(d, safePath, response.status, { shape: 'none', text: response.text }, attempt);
    }
    const problem = response.status === 200 ? (responseShapeProblem(d.route, parsed) ?? echoedFieldProblem(d.route, d.path, parsed, d.body)) : undefined;
    if (problem !== undefined) throw this.unexpectedShape(d, safePath, response.status, problem, attempt);
    return parsed;
  }

  private throttledTooLong(d: RequestDescription, safePath: string, tries: number): ApiError {
    const wait = formatDuration(this.maxThrottleWaitMs);
    const detail = `the service answered nothing but 429 (too many requests) on this route for ${wait}; giving up (--max-throttle-wait ${wait})`;
    return new ApiError({ route: d.route, path: safePath, status: 429, body: { shape: 'detail', detail }, tries });
  }

  unexpectedShape(d: RequestDescription, safePath: string, status: number, problem: string, tries: number): ApiError {
    const text = redactText(problem, this.apiKey);
    return new ApiError({ route: d.route, path: safePath, status, body: { shape: 'none', text }, tries, unexpectedShape: text });
  }

  private failure(d: RequestDescription, safePath: string, status: number, body: ApiErrorBody, tries: number, answerLost = false): ApiError {
    return new ApiError({ route: d.route, path: safePath, status, body: { ...redactDeep(body, this.apiKey), shape: body.shape } as ApiErrorBody, tries, baseUrl: this.settings.baseUrl, answerLost });
  }

  private count(route: string, attempt: number): void {
    this.counts.calls += 1;
    if (attempt > 1) this.counts.retries += 1;
    this.counts.byRoute[route] = (this.counts.byRoute[route] ?? 0) + 1;
  }

  private log(d: RequestDescription, safePath: string, status: number | 'error', started: number, attempt: number): void {
    if (!this.onResponse) return;
    const ms = Math.round(performance.now() - started);
    this.onResponse({ method: d.method, route: d.route, path: safePath, status, ms, attempt });
  }
}


/** 600000 -> "10m", 90000 -> "1m30s", 1500 -> "1.5s". */
function formatDuration(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  const seconds = (ms - minutes * 60_000) / 1000;
  if (minutes === 0) return `${seconds}s`;
  return seconds === 0 ? `${minutes}m` : `${minutes}m${seconds}s`;
}
