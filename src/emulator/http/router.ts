// Routing: the route tables of every family (pm/, git/, lists/, measurements/ and the admin routes)
// by path template, per-family auth (403 on PM and list routes, 401 on Git and admin routes, none
// for the health check), 404/405 for unknown paths and methods, and JSON body parsing. Handlers are synchronous: the store is in memory.

import { HttpError, invalid, refused } from '../route/reply.js';
import type { EmulatorStore } from '../store.js';
import { PM_ROUTES } from '../pm/routes.js';
import { GIT_ROUTES } from '../git/routes.js';
import { ADMIN_ROUTES } from './admin-routes.js';
import { MEASURE_ROUTES, REPORT_FILE_PREFIX } from '../measurements/routes.js';
import { LIST_ROUTES } from '../lists/routes.js';
import { TEAM_ROUTES } from '../lists/team-routes.js';
import type { Family, Route } from '../route/route.js';

/** A route as the server serves it: the store is in every context. */
type ServedRoute = Route<{ store: EmulatorStore }>;

interface Compiled {
  route: ServedRoute;
  segments: string[];
}

const ROUTES: ServedRoute[] = [...PM_ROUTES, ...GIT_ROUTES, ...LIST_ROUTES, ...TEAM_ROUTES, ...ADMIN_ROUTES, ...MEASURE_ROUTES];

const COMPILED: Compiled[] = ROUTES.map((route) => ({
  route,
  segments: route.template.split('/').slice(1),
}));

export interface Match {
  route: ServedRoute;
  params: Record<string, string>;
}

function matchSegments(segments: string[], path: string[]): Record<string, string> | undefined {
  if (segments.length !== path.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < segments.length; i++) {
    const s = segments[i]!;
    const p = path[i]!;
    if (s.startsWith('{')) {
      if (p === '') return undefined;
      try {
        params[s.slice(1, -1)] = decodeURIComponent(p);
      } catch {
        return undefined; // a malformed %-escape matches no route (404)
      }
    } else if (s !== p) return undefined;
  }
  return params;
}

/** Finds the route for a method and path; throws 404 or 405 (with Allow) when there is none. */
export function matchRoute(method: string, pathname: string): Match {
  const path = pathname.replace(/\/+$/, '').split('/').slice(1);
  const allowed: string[] = [];
  for (const c of COMPILED) {
    const params = matchSegments(c.segments, path);
    if (!params) continue;
    if (c.route.method === method) return { route: c.route, params };
    allowed.push(c.route.method);
  }
  if (allowed.length > 0) throw new HttpError(405, { detail: 'Method Not Allowed' }, { allow: [...new Set(allowed)].join(', ') });
  throw refused(404, 'Not Found');
}

/** Family of a path, for auth and logging of requests that match no route. */
export function familyOf(pathname: string): Family {
  if (pathname.startsWith('/_emulator/')) return 'admin';
  if (pathname.startsWith('/api/v1/git/')) return 'git';
  if (pathname === '/api/v2/measurements' || pathname.startsWith('/api/v2/measurements/') || pathname.startsWith('/api/v1/exporter/')) return 'measure';
  if (pathname.startsWith(REPORT_FILE_PREFIX)) return 'report';
  // The family of a route at this path, whatever its method (a 405 is refused as that route's
  // family would refuse it); PM's where none is.
  const path = pathname.replace(/\/+$/, '').split('/').slice(1);
  return COMPILED.find((c) => matchSegments(c.segments, path) !== undefined)?.route.family ?? 'pm';
}

/**
 * Refuses a missing or unknown key: 403 on PM and list routes (public clients of the lists expect
 * the gateway's 403), 401 on Git, measurement and admin routes. Report files need none: their
 * unguessable, expiring link is the credential (a pre-signed URL); nor does the health check.
 */
export function checkAuth(store: EmulatorStore, family: Family, key: string | undefined): void {
  if (family === 'report' || family === 'health' || store.isApiKey(key)) return;
  if (family === 'pm' || family === 'lists') throw refused(403, key === undefined ? 'Not authenticated: missing x-api-key header' : 'Forbidden: invalid API key');
  throw new HttpError(401, { detail: key === undefined ? 'Not authenticated: missing x-api-key header' : 'Unauthorized: invalid API key' }, { 'www-authenticate': 'APIKey' });
}

/** Parses a request body as JSON for a handler; bytes that are not UTF-8 (`utf8` false) are refused. */
export function jsonBody(raw: string, status: number, utf8 = true): unknown {
  if (!utf8) throw invalid(status, [{ type: 'json_invalid', loc: ['body'], msg: 'JSON decode error: the body is not valid UTF-8' }]);
  if (raw.trim() === '') throw invalid(status, [{ type: 'missing', loc: ['body'], msg: 'Field required' }]);
  try {
    return JSON.parse(raw) as unknown;
  } catch (error) {
    throw invalid(status, [{ type: 'json_invalid', loc: ['body'], msg: `JSON decode error: ${(error as Error).message}` }]);
  }
}
