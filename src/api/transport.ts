// The only file that does HTTP I/O: one request, one response (or one transport failure).
// The undici dispatcher is injectable, so tests and callers choose connection pooling.

import { request, type Dispatcher } from 'undici';

export interface HttpRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
  dispatcher?: Dispatcher;
  /** Whole-request deadline: connect, headers and body. */
  timeoutMs: number;
  /** Refuse a body larger than this (a report file): TransportError ERR_BODY_TOO_LARGE, not retried. */
  maxBytes?: number;
}

export interface HttpResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** The request got no complete response: refused, reset, timed out. */
export class TransportError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'TransportError';
  }
}

export async function httpRequest(req: HttpRequest): Promise<HttpResponse> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, req.timeoutMs);
  try {
    const options: Parameters<typeof request>[1] = {
      method: req.method as Dispatcher.HttpMethod,
      headers: req.headers,
      signal: controller.signal,
    };
    if (req.body !== undefined) options.body = req.body;
    if (req.dispatcher) options.dispatcher = req.dispatcher;
    const res = await request(req.url, options);
    const text = req.maxBytes === undefined ? await res.body.text() : await cappedText(res.body, req.maxBytes, controller);
    return { status: res.statusCode, headers: res.headers, text };
  } catch (error) {
    if (error instanceof TransportError) throw error;
    if (timedOut) throw new TransportError('ETIMEDOUT', `timed out after ${req.timeoutMs} ms`);
    throw toTransportError(error);
  } finally {
    clearTimeout(timer);
  }
}

/** Reads a body up to `maxBytes`; past it, the request is aborted and refused. */
async function cappedText(body: AsyncIterable<Buffer>, maxBytes: number, controller: AbortController): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > maxBytes) {
      controller.abort();
      throw new TransportError('ERR_BODY_TOO_LARGE', `response body over the ${maxBytes}-byte limit`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function toTransportError(error: unknown): TransportError {
  const e = error as { code?: unknown; message?: unknown; cause?: { code?: unknown; message?: unknown } };
  const code = typeof e?.cause?.code === 'string' ? e.cause.code : typeof e?.code === 'string' ? e.code : 'EUNKNOWN';
  const words: Record<string, string> = {
    ECONNRESET: 'connection reset',
    UND_ERR_SOCKET: 'connection closed by the server',
    ECONNREFUSED: 'connection refused',
    ENOTFOUND: 'host not found',
    EAI_NONAME: 'host not found',
    EAI_AGAIN: 'host name lookup failed',
    EHOSTUNREACH: 'host unreachable',
    ENETUNREACH: 'network unreachable',
    UND_ERR_CONNECT_TIMEOUT: 'connect timed out',
    UND_ERR_HEADERS_TIMEOUT: 'timed out waiting for the response',
    UND_ERR_BODY_TIMEOUT: 'timed out reading the response',
  };
  // OpenSSL's own text ("0A00010B:SSL routines:ssl3_get_record:wrong version number:...") helps no
  // one: a handshake failure is named by its code, and https:// to a plain-HTTP server in words.
  if (code === 'ERR_SSL_WRONG_VERSION_NUMBER') return new TransportError(code, 'TLS handshake failed: the server answered in plain HTTP, not HTTPS');
  if (code.startsWith('ERR_SSL_')) return new TransportError(code, `TLS handshake failed (${code})`);
  const detail = typeof e?.message === 'string' ? e.message : String(error);
  return new TransportError(code, words[code] ?? `request failed: ${detail}`);
}
