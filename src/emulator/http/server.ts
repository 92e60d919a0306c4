// The emulator's HTTP shell on node:http (DESIGN 4): one server a fixture's store is served from,
// started in four steps: get the --state file ready, build the request handler (exchange.ts) with
// its traffic shaping, listen, and hand back what closes it.

import { createServer, type Server } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import type { AddressInfo } from 'node:net';
import type { EmulatorStore } from '../store.js';
import { requestHandler } from './exchange.js';
import { StateFileWriter } from './state-file.js';
import { FaultInjector, RateLimiter } from './traffic.js';

export interface ServerOptions {
  port: number;
  host: string;
  latencyMs: number;
  /** Waits out the latency (default: a timer). */
  latencyWait?: (ms: number) => Promise<unknown>;
  faultRate: number;
  rateLimit: number;
  statePath?: string;
  seed?: number;
  /** Time for a whole request (headers and body); default REQUEST_TIMEOUT_MS. */
  requestTimeoutMs?: number;
}

export interface RunningServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Time for a whole request (headers and body); its headers have a third of it. */
const REQUEST_TIMEOUT_MS = 30_000;

export async function startServer(store: EmulatorStore, options: ServerOptions): Promise<RunningServer> {
  const stateFile = await StateFileWriter.open(store, options.statePath);
  const server = createServer(
    // Each request is bounded in time (DESIGN 8): Node's defaults (300 s for a request, checked
    // every 30 s) let a body sent a byte at a time hold a connection for minutes. Past these, Node
    // answers 408 and closes the connection.
    requestBounds(options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS),
    requestHandler({
      store,
      stateFile,
      limiter: new RateLimiter(options.rateLimit),
      faults: new FaultInjector(options.faultRate, options.seed),
      latencyMs: options.latencyMs,
      wait: options.latencyWait ?? sleep,
    }),
  );
  server.keepAliveTimeout = 5_000;
  await listen(server, options.port, options.host);
  return running(server, stateFile);
}

function requestBounds(requestTimeout: number): { headersTimeout: number; requestTimeout: number; connectionsCheckingInterval: number } {
  return { requestTimeout, headersTimeout: Math.ceil(requestTimeout / 3), connectionsCheckingInterval: Math.min(1_000, Math.ceil(requestTimeout / 4)) };
}

/** Listens on `port` of `host`; a port in use (or any listen error) fails the start. */
function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/** The server's address, and a close that ends every connection and waits for the changes under way. */
function running(server: Server, stateFile: StateFileWriter): RunningServer {
  const address = server.address() as AddressInfo;
  const hostInUrl = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${hostInUrl}:${address.port}`,
    port: address.port,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await stateFile.settled();
    },
  };
}
