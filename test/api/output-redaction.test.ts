// The output redactor replaces every spelling of a secret a writer can produce.

import { describe, expect, it } from 'vitest';
import { currentRedactor, redactingStream, redactOutput, Redactor, withRedactor } from '../../src/api/output-redaction.js';

describe('Redactor', () => {
  it('replaces the key as printed, JSON-escaped, percent-encoded and as a lower-case host', () => {
    const r = new Redactor();
    r.add(' Ab"c/d+e ');
    expect(r.redact('x Ab"c/d+e y')).toBe('x [REDACTED] y');
    expect(r.redact(JSON.stringify({ k: 'Ab"c/d+e' }))).toBe('{"k":"[REDACTED]"}');
    expect(r.redact(`?k=${encodeURIComponent('Ab"c/d+e')}`)).toBe('?k=[REDACTED]');
    expect(r.redact('http://ab"c/d+e.example')).toBe('http://[REDACTED].example');
    expect(r.holds('ab"c/d+e')).toBe(true);
    expect(r.holds('nothing')).toBe(false);
  });

  it('takes the longer of two overlapping secrets first, and ignores blanks', () => {
    const r = new Redactor();
    r.add('abc');
    r.add('abcdef');
    r.add('  ');
    r.add(undefined);
    expect(r.redact('abcdef abc')).toBe('[REDACTED] [REDACTED]');
  });

  it('is the redactor of its run only: outside, and in another run, nothing is redacted', async () => {
    const one = new Redactor();
    one.add('k1');
    const inside = await withRedactor(one, async () => {
      await Promise.resolve();
      return redactOutput('k1 k2');
    });
    expect(inside).toBe('[REDACTED] k2');
    expect(redactOutput('k1')).toBe('k1');
    expect(currentRedactor()).toBeUndefined();
  });

  it('a redacting stream keeps isTTY and writes through', () => {
    let out = '';
    const r = new Redactor();
    r.add('k1');
    const s = redactingStream({ write: (c: string) => (out += c), isTTY: true }, r);
    s.write('a k1 b');
    expect(out).toBe('a [REDACTED] b');
    expect(s.isTTY).toBe(true);
  });
});
