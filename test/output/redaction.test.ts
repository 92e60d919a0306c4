// The output redactor replaces every spelling of a secret a writer can produce.

import { describe, expect, it } from 'vitest';
import { redactingStream, Redactor } from '../../src/output/redaction.js';
import { escapeText } from '../../src/render/markdown.js';
import { escapeHtml } from '../../src/measure/render/markup.js';
import { csvField } from '../../src/measure/render/csv.js';
import YAML from 'yaml';

describe('Redactor', () => {
  // The key as each output format's own escaper prints it: a key with `_`, `<` or a quote must not
  // slip through a Markdown pull-request comment, an HTML report, a CSV cell or an exported YAML file.
  it.each([
    ['Markdown (plan and drift comments)', (k: string) => escapeText(`board ${k}`)],
    ['HTML (measurement reports)', (k: string) => escapeHtml(`team ${k}`)],
    ['CSV (a quoted cell)', (k: string) => csvField(`a,${k}`)],
    ['YAML (a single-quoted scalar)', (k: string) => YAML.stringify({ name: `: ${k}` }, { defaultStringType: 'QUOTE_SINGLE' })],
  ])('replaces the key as %s escapes it', (_format, escape) => {
    for (const key of ['emk_secret_1', 'k<e>y&"q"', "it's*a#key|"]) {
      const r = new Redactor();
      r.add(key);
      const out = r.redact(escape(key));
      expect(out).toContain('[REDACTED]');
      expect(r.holds(out)).toBe(false);
    }
  });

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
