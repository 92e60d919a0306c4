// The report store on a fake clock: v1 reports pending until the delay, ready until the retention,
// then gone; links expire with the retention; memory stays under the byte budget (oldest go first);
// links are unguessable and answer only under their own extension.

import { describe, expect, test } from 'vitest';
import { ReportStore } from '../../../src/emulator/measurements/reports.js';

function storeAt(options = { delayMs: 1000, retentionS: 10 }, cap?: number) {
  let now = 1_000_000;
  const store = new ReportStore(options, () => now, cap);
  return { store, advance: (ms: number) => (now += ms) };
}

describe('ReportStore', () => {
  test('v1: pending until the delay, ready until delay + retention, then gone; unknown ids are gone', () => {
    const { store, advance } = storeAt();
    const id = store.createV1('[]', 'json');
    expect(id).toMatch(/^\d+$/);
    expect(store.v1State(id).state).toBe('pending');
    advance(999);
    expect(store.v1State(id).state).toBe('pending');
    advance(1);
    const ready = store.v1State(id);
    expect(ready.state).toBe('ready');
    // The seconds left come from the store's clock (the route's "expires in N s"), not Date.now().
    expect(ready.state === 'ready' ? ready.expiresInS : -1).toBe(10);
    advance(2_500);
    const later = store.v1State(id);
    expect(later.state === 'ready' ? later.expiresInS : -1).toBe(8);
    advance(-2_500);
    const path = ready.state === 'ready' ? ready.path : '';
    expect(store.file(path.slice('/_reports/'.length))?.text).toBe('[]');
    advance(9_999);
    expect(store.v1State(id).state).toBe('ready');
    advance(1);
    expect(store.v1State(id).state).toBe('gone');
    expect(store.file(path.slice('/_reports/'.length))).toBeUndefined();
    expect(store.v1State('424242').state).toBe('gone');
  });

  test('an export link lives for the retention, under its own extension only', () => {
    const { store, advance } = storeAt();
    const path = store.addFile('a,b\n', 'csv');
    expect(path).toMatch(/^\/_reports\/[A-Za-z0-9_-]{32}\.csv$/);
    const name = path.slice('/_reports/'.length);
    expect(store.file(name)).toEqual({ text: 'a,b\n', contentType: 'text/csv; charset=utf-8' });
    expect(store.file(name.replace('.csv', '.json'))).toBeUndefined();
    advance(10_000);
    expect(store.file(name)).toBeUndefined();
  });

  test('links are distinct random tokens', () => {
    const { store } = storeAt();
    const paths = new Set(Array.from({ length: 200 }, () => store.addFile('x', 'json')));
    expect(paths.size).toBe(200);
  });

  test('over the byte budget the oldest files go first; the newest always stays', () => {
    const { store } = storeAt(undefined, 25);
    const a = store.addFile('a'.repeat(10), 'json').slice(10);
    const b = store.addFile('b'.repeat(10), 'json').slice(10);
    const c = store.addFile('c'.repeat(10), 'json').slice(10);
    expect(store.file(a)).toBeUndefined();
    expect(store.file(b)?.text).toBe('b'.repeat(10));
    expect(store.file(c)?.text).toBe('c'.repeat(10));
    const big = store.addFile('d'.repeat(40), 'json').slice(10);
    expect(store.file(big)?.text).toBe('d'.repeat(40));
    expect([b, c].map((n) => store.file(n))).toEqual([undefined, undefined]);
  });
});
