// What the server reads of a request, and when: who it is from and where it goes before anything
// else, the body only once the key is known good (the body of an unauthenticated request is
// drained, never kept), and at most MAX_BODY_BYTES of it.

import type { IncomingMessage } from 'node:http';
import { isUtf8 } from 'node:buffer';
import type { Family } from '../route/route.js';
import { familyOf } from './router.js';

export const MAX_BODY_BYTES = 10 * 1024 * 1024;

/** A request as received, before its body is read. */
export interface Received {
  /** performance.now() at arrival: the log's `ms` counts from here. */
  started: number;
  url: URL;
  method: string;
  family: Family;
  /** Admin routes are not logged: the log is of the API's requests. */
  logged: boolean;
  /** The path the request log shows. */
  loggedPath: string;
  key: string | undefined;
  /** Where the client reached this server, for the report links it hands out. */
  origin: string;
}

export function receive(req: IncomingMessage): Received {
  const url = new URL(req.url ?? '/', 'http://emulator.local');
  const family = familyOf(url.pathname);
  const keyHeader = req.headers['x-api-key'];
  return {
    started: performance.now(),
    url,
    method: req.method ?? 'GET',
    family,
    logged: family !== 'admin',
    // A report link is a credential of sorts: the log keeps the route, not the token.
    loggedPath: family === 'report' ? '/_reports/{file}' : url.pathname,
    key: Array.isArray(keyHeader) ? keyHeader[0] : keyHeader,
    origin: originOf(req),
  };
}

/**
 * The Host header when it is a plain host[:port], else the socket's own address (a link never
 * carries a forged header).
 */
function originOf(req: IncomingMessage): string {
  const host = req.headers.host;
  if (host !== undefined && /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/.test(host)) return `http://${host}`;
  const address = req.socket.localAddress ?? '127.0.0.1';
  return `http://${address.includes(':') ? `[${address}]` : address}:${req.socket.localPort}`;
}

/** Reads nothing: drains the body of a request that is refused before it is read. */
export function drain(req: IncomingMessage): Promise<void> {
  return new Promise((resolve) => {
    req.on('end', resolve);
    req.on('error', () => resolve());
    req.resume();
  });
}

/** A request body as text, and whether its bytes were UTF-8 (else `text` is empty). */
export interface Body {
  text: string;
  utf8: boolean;
}

/**
 * The body; undefined when it is over MAX_BODY_BYTES (what is over is not kept). Bytes that are
 * not UTF-8 are not replaced with U+FFFD and parsed anyway: a JSON body must be UTF-8, and the
 * route refuses it (422) as the service's framework does.
 */
export function readBody(req: IncomingMessage): Promise<Body | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on('end', () => {
      if (size > MAX_BODY_BYTES) return resolve(undefined);
      const bytes = Buffer.concat(chunks);
      resolve(isUtf8(bytes) ? { text: bytes.toString('utf8'), utf8: true } : { text: '', utf8: false });
    });
    req.on('error', reject);
  });
}
