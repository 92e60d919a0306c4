// What a route is: a method and path template of one family, and its handler over the request's
// context. Apart from router.ts so that the route tables it imports do not import it back.

import type { Reply } from './http-error.js';
import type { Journal } from './journal.js';
import type { EmulatorState } from './state.js';
import type { EmulatorStore } from './store.js';

/** measure: endpoints 14-17 (401 like Git); report: the report files, served without a key. */
export type Family = 'pm' | 'git' | 'admin' | 'measure' | 'report';

export interface RouteContext {
  params: Record<string, string>;
  query: URLSearchParams;
  store: EmulatorStore;
  state: EmulatorState;
  journal: Journal;
  /** The parsed JSON body; a missing or malformed body is refused with `status`. */
  json(status: number): unknown;
  /** `http://<Host header>`: where this emulator is reached, for the report links it hands out. */
  origin: string;
}

export interface Route {
  method: string;
  template: string;
  family: Family;
  handle(ctx: RouteContext): Reply;
}
