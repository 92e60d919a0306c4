import { describe, expect, it } from 'vitest';
import { Fifo } from '../../src/api/fifo.js';

describe('Fifo', () => {
  it('hands items out in order across its compactions, interleaved with pushes', () => {
    const q = new Fifo<number>();
    const out: number[] = [];
    let next = 0;
    for (let round = 0; round < 50; round++) {
      for (let i = 0; i < 100; i++) q.push(next++);
      for (let i = 0; i < 60; i++) out.push(q.shift()!);
    }
    expect(q.length).toBe(50 * 40);
    for (let v = q.shift(); v !== undefined; v = q.shift()) out.push(v);
    expect(out).toEqual(Array.from({ length: next }, (_, i) => i));
    expect(q.length).toBe(0);
    expect(q.shift()).toBeUndefined();
  });
});
