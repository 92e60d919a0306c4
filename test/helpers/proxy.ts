// An HTTP proxy on a free loopback port in front of a real server (usually the emulator), for the
// tests that need a request's path through the network to be held, reordered, answered late or
// cut. The test decides, per request, what happens to it; the proxy records every request it
// received and what became of it, so a test can assert that its interference really happened.

import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the server behind the proxy answered, whole. */
export interface ProxiedAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** One request as the proxy received it (its body read whole), and what the test may do with it. */
export interface ProxiedRequest {
  readonly method: string;
  /** Path and query, as the client sent them. */
  readonly url: string;
  /** Sends the request on to the server and resolves to its answer; the client is not answered yet. */
  forward(): Promise<ProxiedAnswer>;
  /** Answers the client with `answer`. */
  reply(answer: ProxiedAnswer): void;
  /** Closes the client's connection with no answer, as a network that lost it would. */
  cut(): void;
  /** Forwards, then replies with the answer (or cuts if the server could not be reached). */
  pass(): Promise<void>;
}

/** A request the proxy received: `outcome` is the status it answered, `cut`, or undefined while pending. */
export interface RecordedRequest {
  method: string;
  url: string;
  outcome?: number | 'cut';
}

export interface RecordingProxy {
  url: string;
  /** Every request received, in arrival order. */
  readonly requests: readonly RecordedRequest[];
  close(): Promise<void>;
}

/** Decides the fate of one request; a handler that throws cuts the request's connection. */
export type ProxyHandler = (request: ProxiedRequest) => void | Promise<void>;

const passThrough: ProxyHandler = (request) => request.pass();

function forwardTo(target: string, req: http.IncomingMessage, body: Buffer): Promise<ProxiedAnswer> {
  return new Promise((resolve, reject) => {
    const out = http.request(`${target}${req.url ?? '/'}`, { method: req.method, headers: req.headers }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (c: Buffer) => chunks.push(c));
      answer.on('end', () => resolve({ status: answer.statusCode ?? 502, headers: answer.headers, body: Buffer.concat(chunks) }));
      answer.on('error', reject);
    });
    out.on('error', reject);
    out.end(body);
  });
}

/** Starts a proxy to `target` (an origin such as `http://127.0.0.1:PORT`); by default it passes every request through. */
export async function startProxy(target: string, handle: ProxyHandler = passThrough): Promise<RecordingProxy> {
  const requests: RecordedRequest[] = [];
  const server = http.createServer((req, res) => {
    const record: RecordedRequest = { method: req.method ?? 'GET', url: req.url ?? '/' };
    requests.push(record);
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const cut = (): void => {
        record.outcome = 'cut';
        req.socket.destroy();
      };
      const reply = (answer: ProxiedAnswer): void => {
        record.outcome = answer.status;
        res.writeHead(answer.status, answer.headers);
        res.end(answer.body);
      };
      const forward = () => forwardTo(target, req, body);
      const request: ProxiedRequest = {
        method: record.method,
        url: record.url,
        forward,
        reply,
        cut,
        pass: () => forward().then(reply, cut),
      };
      Promise.resolve()
        .then(() => handle(request))
        .catch(cut);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
