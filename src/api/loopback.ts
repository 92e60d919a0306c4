// Which hosts count as this machine, for the two places plain http is allowed without
// --insecure-http: the service's base URL (workflows/connect.ts) and report file links (client-measurements.ts).

import { isIP } from 'node:net';

/**
 * `localhost` and the literal loopback addresses (127.0.0.0/8, ::1, and 127.x written as an
 * IPv4-mapped IPv6 address): traffic that never leaves the machine. Other names, `*.localhost`
 * included, are trusted only with --insecure-http: what a name resolves to is up to the resolver.
 */
export function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost') return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  if (isIP(host) !== 6) return false;
  if (host === '::1' || host === '0:0:0:0:0:0:0:1') return true;
  // URL parsing writes ::ffff:127.0.0.1 as ::ffff:7f00:1; both forms are accepted.
  const mapped = /^(?:0{0,4}:){0,5}:?ffff:(?:(\d+)\.\d+\.\d+\.\d+|([0-9a-f]{1,4}):[0-9a-f]{1,4})$/.exec(host);
  if (!mapped) return false;
  if (mapped[1] !== undefined) return mapped[1] === '127';
  return (parseInt(mapped[2] ?? '0', 16) >> 8) === 0x7f;
}
