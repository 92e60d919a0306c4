// The service's base URL as a user gives it (--base-url, EMCTL_BASE_URL), checked before anything
// is sent: a scheme, no credentials, the service's root rather than an /api/vN path, and no
// cleartext to a remote host unless asked for (the API key travels in every request).

import { EmctlError } from '../contract/errors.js';
import { isLoopback } from './loopback.js';

/** The base URL without trailing slashes; an EmctlError('config') saying what to type instead otherwise. */
export function checkBaseUrl(raw: string | undefined, insecureHttp: boolean): string {
  if (raw === undefined || raw.trim() === '') {
    throw new EmctlError('config', 'no service URL: pass --base-url URL or set EMCTL_BASE_URL (or use --emulator default to try emctl without an account)');
  }
  const given = raw.trim();
  // `api.example.com` or `localhost:8080`: the URL parser reads the host as a scheme, or fails.
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(given)) throw new EmctlError('config', `--base-url needs a scheme: ${withScheme(given)}`);
  let url: URL;
  try {
    url = new URL(given);
  } catch {
    throw new EmctlError('config', `--base-url is not a valid URL: "${raw}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new EmctlError('config', `--base-url must start with https:// (or http:// for a local service), got "${url.protocol}//"`);
  }
  if (url.username || url.password) throw new EmctlError('config', '--base-url must not carry credentials; the API key goes in EMCTL_API_KEY or --api-key-file');
  // Every path emctl calls starts with /api/v1 or /api/v2: a base URL ending in one would double it.
  const apiPath = /\/api\/v\d+\/*$/.exec(url.pathname);
  if (apiPath !== null) {
    const root = new URL(url.href);
    root.pathname = url.pathname.slice(0, apiPath.index) || '/';
    throw new EmctlError('config', `--base-url is the service's root, without ${apiPath[0].replace(/\/+$/, '')}: use ${root.href.replace(/\/+$/, '')}`);
  }
  if (url.protocol === 'http:' && !isLoopback(url.hostname) && !insecureHttp) {
    throw new EmctlError(
      'config',
      `refusing to send the API key in cleartext to ${url.host}: use https://, or pass --insecure-http if you really mean http:// to a remote host`,
    );
  }
  return url.href.replace(/\/+$/, '');
}

/** What to type instead of a base URL given without a scheme: http:// only for this machine. */
function withScheme(given: string): string {
  let host = '';
  try {
    host = new URL(`https://${given}`).hostname;
  } catch {
    return `start it with https:// (or http:// for a service on this machine), got "${given}"`;
  }
  const scheme = isLoopback(host) ? 'http' : 'https';
  return `did you mean ${scheme}://${given.replace(/\/api\/v\d+\/*$/, '')}? (https:// for a remote service, http:// for one on this machine)`;
}
