// What a route is: a method and path template of one family, and its handler over the request's
// context. Each family's room holds its routes; http/router.ts serves them all.

import type { Reply } from './reply.js';
import type { Journal } from '../state/journal.js';
import type { EmulatorState } from '../state/state.js';

/**
 * measure: endpoints 14-17 (401 like Git); report: the report files, served without a key; lists:
 * the team, user, service and repository lists of DESIGN.md section 13 (403 like PM); health: the
 * health check, served without a key.
 */
export type Family = 'pm' | 'git' | 'admin' | 'measure' | 'report' | 'lists' | 'health';

export interface RouteContext {
  params: Record<string, string>;
  query: URLSearchParams;
  state: EmulatorState;
  journal: Journal;
  /** The parsed JSON body; a missing or malformed body is refused with `status`. */
  json(status: number): unknown;
  /** `http://<Host header>`: where this emulator is reached, for the report links it hands out. */
  origin: string;
}

/**
 * A route of one family. `Needs` is what its handler reads beyond the common context (the
 * measurement routes their part of the store, the admin routes the whole store): the room that
 * writes the route says what it needs, and the server, which holds the store, hands it over.
 */
export interface Route<Needs = object> {
  method: string;
  template: string;
  family: Family;
  handle(ctx: RouteContext & Needs): Reply;
}
