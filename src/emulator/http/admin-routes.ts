// Admin routes under /_emulator/ (DESIGN.md §4), behind the same key: the request log, the audit
// log and the recompute log, each {items: [...]} oldest first; reset restores the fixture state.
// GET fixture returns the current organization in fixture form without its API keys (handy for
// debugging a test).

import { Query } from '../route/params.js';
import type { Route, RouteContext } from '../route/route.js';
import type { EmulatorStore } from '../store.js';

function noQuery(ctx: RouteContext): void {
  new Query(ctx.query, [], 400).done();
}

export const ADMIN_ROUTES: Route<{ store: EmulatorStore }>[] = [
  {
    method: 'GET',
    template: '/_emulator/requests',
    family: 'admin',
    handle: (ctx) => (noQuery(ctx), { status: 200, body: { items: ctx.store.requests } }),
  },
  {
    method: 'GET',
    template: '/_emulator/audit-log',
    family: 'admin',
    handle: (ctx) => (noQuery(ctx), { status: 200, body: { items: ctx.store.auditLog } }),
  },
  {
    method: 'GET',
    template: '/_emulator/recomputes',
    family: 'admin',
    handle: (ctx) => (noQuery(ctx), { status: 200, body: { items: ctx.store.recomputes } }),
  },
  {
    method: 'GET',
    template: '/_emulator/fixture',
    family: 'admin',
    handle: (ctx) => (noQuery(ctx), { status: 200, body: ctx.store.toKeylessFixture() }),
  },
  {
    method: 'POST',
    template: '/_emulator/reset',
    family: 'admin',
    handle: (ctx) => {
      noQuery(ctx);
      ctx.store.reset();
      ctx.journal.touch();
      return { status: 200, body: { items: [] } };
    },
  },
];
