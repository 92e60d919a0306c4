// A fast reader for the YAML that configs are made of: block maps and lists, single-line flow
// lists and maps, plain and quoted single-line scalars, comments. It exists because the `yaml`
// package needs several seconds for a 5 MB config; this reads one in a fraction of that.
//
// It gives up (returns undefined) on anything else: anchors, aliases, tags, block scalars,
// multi-line scalars or flow collections, complex keys, directives, several documents, tabs,
// and also on duplicate or reserved keys and anything malformed. The loader then reads the file
// with the `yaml` package, which handles all of YAML and words every error. So this reader only
// has to be right for what it accepts, which test/config/yaml/fast-reader.test.ts checks against the
// package, value by value and position by position. This file reads the structure (maps, lists,
// flow collections); fast-scalars.ts reads the scalars in them.

import { flowEnd, FlowSyntax } from './flow-scan.js';
import { contentLines } from './line-index.js';
import { NumberSpelling, resolvePlain } from './scalars.js';
import { loadWork } from './work.js';
import { MAX_NESTING, RESERVED_KEYS } from './full-reader.js';
import { newMap, type Placements, type PlacedRoot, type PlainMap, type PlainValue, type SourceText } from './source.js';
import {
  CLOSE_BRACE,
  CLOSE_BRACKET,
  COLON,
  COMMA,
  DOUBLE_QUOTE,
  GiveUp,
  INDICATORS,
  OPEN_BRACE,
  OPEN_BRACKET,
  readDoubleQuoted,
  readPlainBlockScalar,
  readPlainFlowScalar,
  readSingleQuoted,
  SINGLE_QUOTE,
  SPACE,
  type ScalarEnd,
} from './fast-scalars.js';

/** Nesting past MAX_NESTING: not something to hand to the package (its reader recurses too). */
export class NestingTooDeep extends Error {
  constructor(readonly offset: number) {
    super('nesting too deep');
  }
}

export function parseFast(source: SourceText, store: Placements): PlacedRoot | undefined {
  const text = source.text;
  if (text.includes('\t') || text.charCodeAt(0) === 0xfeff) return undefined;
  const mark = store.begin();
  try {
    return new FastParser(text, source, store).document();
  } catch (error) {
    store.rollback(mark);
    // A number spelt other than in plain decimal is worded by the complete reader, where it is written.
    if (error instanceof GiveUp || error instanceof NumberSpelling) return undefined;
    throw error;
  }
}

class FastParser {
  /** Per content line (blank and comment-only lines left out): start offset, end offset (before \r\n), indentation. */
  private readonly starts: Uint32Array;
  private readonly ends: Uint32Array;
  private readonly indents: Uint32Array;
  private line = 0;
  private readonly sourceId: number;
  /** Set by the inline readers: the offset just after what they read (no tuples: fewer allocations). */
  private after = 0;
  /** Where the scalar readers (fast-scalars.ts) report a scalar's end. */
  private readonly end: ScalarEnd = { at: 0 };
  /** Set by entryValue(): where the value starts. */
  private valueAt = 0;
  /** Maps and lists open around the one being read. */
  private depth = 0;

  constructor(
    private readonly text: string,
    private readonly source: SourceText,
    private readonly store: Placements,
  ) {
    this.sourceId = store.sourceId(source);
    ({ starts: this.starts, ends: this.ends, indents: this.indents } = contentLines(text));
    loadWork.fastReaderLines += this.starts.length;
    if (text.includes('\r', 0) && /\r(?!\n)/.test(text)) throw new GiveUp();
  }

  document(): PlacedRoot {
    if (this.line < this.starts.length && this.isMarker('---')) this.line++;
    if (this.line >= this.starts.length) {
      return { value: newMap(), placement: { source: this.source, key: 0, value: 0 } };
    }
    const offset = this.contentStart();
    const first = this.text[offset];
    if (first === '%' || this.isMarker('---') || this.isMarker('...')) throw new GiveUp();
    const value = this.block(this.indents[this.line] ?? 0);
    if (this.line < this.starts.length) throw new GiveUp(); // a second document, or bad indentation
    return { value, placement: { source: this.source, key: offset, value: offset } };
  }

  private isMarker(marker: string): boolean {
    const start = this.starts[this.line] ?? 0;
    const end = this.ends[this.line] ?? 0;
    if (this.indents[this.line] !== 0 || !this.text.startsWith(marker, start)) return false;
    return end === start + 3 || this.text.charCodeAt(start + 3) === SPACE;
  }

  private contentStart(): number {
    return (this.starts[this.line] ?? 0) + (this.indents[this.line] ?? 0);
  }

  private isDash(offset: number): boolean {
    return this.text[offset] === '-' && (offset + 1 === this.ends[this.line] || this.text.charCodeAt(offset + 1) === SPACE);
  }

  /** A map or list starting at the current line, whose entries sit at `indent`. */
  private block(indent: number): PlainValue {
    const offset = this.contentStart();
    this.enter(offset);
    try {
      if (this.isDash(offset)) return this.list(indent);
      if (this.entryKey(offset) !== undefined) return this.map(indent);
      throw new GiveUp(); // a scalar on its own line (multi-line plain scalar or top-level scalar)
    } finally {
      this.depth--;
    }
  }

  private enter(offset: number): void {
    if (++this.depth > MAX_NESTING) throw new NestingTooDeep(offset);
  }

  /**
   * Moves to the next line with content and tells whether it holds an entry of the block whose
   * entries sit at `indent`: false at the end or on a shallower line (the block is over); a deeper
   * line is not something this reader knows, so it gives up.
   */
  private atEntry(indent: number): boolean {
    if (this.line >= this.starts.length) return false;
    const lineIndent = this.indents[this.line] ?? 0;
    if (lineIndent > indent) throw new GiveUp();
    return lineIndent === indent;
  }

  private map(indent: number): PlainMap {
    const map = newMap();
    const mark = this.store.begin();
    while (this.atEntry(indent)) {
      const start = this.contentStart();
      const entry = this.entryKey(start);
      if (!entry) throw new GiveUp();
      if (RESERVED_KEYS.has(entry) || entry === '<<' || Object.hasOwn(map, entry)) throw new GiveUp();
      const value = this.entryValue(this.after, indent, true);
      map[entry] = value;
      this.store.entry(entry, this.sourceId, start, this.valueAt);
    }
    this.store.finish(map, mark, true); // a key written twice made it give up
    return map;
  }

  private list(indent: number): PlainValue[] {
    const list: PlainValue[] = [];
    const mark = this.store.begin();
    while (this.atEntry(indent)) {
      const dash = this.contentStart();
      if (!this.isDash(dash)) break;
      const end = this.ends[this.line] ?? 0;
      let p = dash + 1;
      while (p < end && this.text.charCodeAt(p) === SPACE) p++;
      let value: PlainValue;
      let offset: number;
      if (p < end && this.text[p] !== '#' && this.entryKey(p) !== undefined) {
        // `- key: value`: a map whose entries sit at the column of `key`.
        const column = p - (this.starts[this.line] ?? 0);
        this.indents[this.line] = column;
        offset = p;
        this.enter(p);
        try {
          value = this.map(column);
        } finally {
          this.depth--;
        }
      } else if (p < end && this.isDash(p)) {
        throw new GiveUp();
      } else {
        value = this.entryValue(dash + 1, indent, false);
        offset = this.valueAt;
      }
      list.push(value);
      this.store.entry(undefined, this.sourceId, offset, offset);
    }
    this.store.finish(list, mark);
    return list;
  }

  /**
   * The value after `key:` or `-` (at `from`, on the current line): inline on this line, or a
   * block on the following lines. Leaves the current line after the value.
   */
  private entryValue(from: number, indent: number, inMap: boolean): PlainValue {
    const end = this.ends[this.line] ?? 0;
    let p = from;
    while (p < end && this.text.charCodeAt(p) === SPACE) p++;
    if (p === end || this.text[p] === '#') {
      if (p < end && p === from) throw new GiveUp(); // `key:#...`
      this.line++;
      const next = this.indents[this.line] ?? -1;
      // A block value is indented deeper; a list may also sit at the map's own indentation.
      if (this.line < this.starts.length && (next > indent || (inMap && next === indent && this.isDash(this.contentStart())))) {
        const at = this.contentStart();
        const value = this.block(next);
        this.valueAt = at; // set after: the nested entries set it too
        return value;
      }
      this.valueAt = p;
      return null;
    }
    if (p === from) throw new GiveUp();
    const value = this.inline(p, end, inMap);
    const after = this.after;
    let q = after;
    while (q < end && this.text.charCodeAt(q) === SPACE) q++;
    if (q < end && !(this.text[q] === '#' && q > after)) throw new GiveUp();
    this.line++;
    this.valueAt = p;
    return value;
  }

  /** If a block map entry starts at `offset`, its key (and `after` = the offset after the colon). */
  private entryKey(offset: number): string | undefined {
    const text = this.text;
    const end = this.ends[this.line] ?? 0;
    const c = text[offset] as string;
    let keyEnd: number;
    let key: string;
    if (c === '"' || c === "'") {
      const value = c === '"' ? this.doubleQuoted(offset, end) : this.singleQuoted(offset, end);
      keyEnd = this.after;
      while (keyEnd < end && text.charCodeAt(keyEnd) === SPACE) keyEnd++;
      if (text[keyEnd] !== ':') return undefined;
      key = value;
    } else {
      if (INDICATORS.has(c) && !((c === '-' || c === ':') && offset + 1 < end && text.charCodeAt(offset + 1) !== SPACE)) {
        if (c === '?' || c === '&' || c === '*' || c === '!') throw new GiveUp();
        return undefined;
      }
      let colon = -1;
      for (let i = offset; i < end; i++) {
        const ch = text.charCodeAt(i);
        if (ch === 58 /* : */ && (i + 1 === end || text.charCodeAt(i + 1) === SPACE)) {
          colon = i;
          break;
        }
        if (ch === 35 /* # */ && text.charCodeAt(i - 1) === SPACE) return undefined;
      }
      if (colon === -1) return undefined;
      keyEnd = colon;
      let trimmed = colon;
      while (trimmed > offset && text.charCodeAt(trimmed - 1) === SPACE) trimmed--;
      const resolved = resolvePlain(text.slice(offset, trimmed));
      if (resolved === null || typeof resolved === 'object') throw new GiveUp();
      key = String(resolved);
    }
    // YAML caps implicit keys at 1024 characters; the package reports longer ones.
    if (keyEnd - offset > 1024) throw new GiveUp();
    const afterColon = keyEnd + 1;
    if (afterColon < end && text.charCodeAt(afterColon) !== SPACE) throw new GiveUp();
    this.after = afterColon;
    return key;
  }

  /** A value written on one line from `p`: flow collection, quoted or plain scalar. */
  private inline(p: number, end: number, inMap: boolean): PlainValue {
    const c = this.text[p] as string;
    if (c === '[' || c === '{') {
      // Checked before reading the items: a reader that gave up at the line's end would first have
      // built every item of a 10 MB line.
      const close = flowEnd(this.text, p);
      if (close === 'unsure') throw new GiveUp();
      if (typeof close !== 'number') throw new FlowSyntax(close);
      if (close > end) throw new GiveUp();
      if (inMap) this.checkAfterFlowValue(p, close, end);
      return this.flow(p, end);
    }
    if (c === '"') return this.doubleQuoted(p, end);
    if (c === "'") return this.singleQuoted(p, end);
    const value = readPlainBlockScalar(this.text, p, end, this.end);
    this.after = this.end.at;
    return value;
  }

  /**
   * `key: [a] "tail` is an error: a map value is one node. The package needs seconds and a
   * gigabyte for a 10 MB line to say so, so it is said here, before the items are read.
   * (`key: [a]: b`, which the package reads, and `[a]#c` are left to it.)
   */
  private checkAfterFlowValue(open: number, close: number, end: number): void {
    let q = close;
    while (q < end && this.text.charCodeAt(q) === SPACE) q++;
    if (q === end || this.text[q] === ':' || this.text[q] === '#') return;
    throw new FlowSyntax({ kind: 'trailing', at: q, open });
  }

  /** `[...]` or `{...}` closed on the same line. Returns the value and the offset after it. */
  private flow(p: number, end: number): PlainValue {
    this.enter(p);
    try {
      return this.flowCollection(p, end);
    } finally {
      this.depth--;
    }
  }

  private flowCollection(p: number, end: number): PlainValue {
    const text = this.text;
    const isList = text.charCodeAt(p) === OPEN_BRACKET;
    const close = isList ? CLOSE_BRACKET : CLOSE_BRACE;
    const list: PlainValue[] | undefined = isList ? [] : undefined;
    const map: PlainMap | undefined = isList ? undefined : newMap();
    const mark = this.store.begin();
    let i = p + 1;
    while (true) {
      while (i < end && text.charCodeAt(i) === SPACE) i++;
      if (i >= end) throw new GiveUp();
      if (text.charCodeAt(i) === close) {
        i++;
        break;
      }
      const itemStart = i;
      if (list) {
        const value = this.flowNode(i, end, false);
        i = this.after;
        list.push(value);
        this.store.entry(undefined, this.sourceId, itemStart, itemStart);
      } else if (map) {
        const rawKey = this.flowNode(i, end, true);
        if (rawKey === null || typeof rawKey === 'object') throw new GiveUp();
        const key = String(rawKey);
        if (RESERVED_KEYS.has(key) || key === '<<' || Object.hasOwn(map, key)) throw new GiveUp();
        i = this.after;
        while (i < end && text.charCodeAt(i) === SPACE) i++;
        if (text.charCodeAt(i) !== COLON) throw new GiveUp();
        i++;
        if (i < end && text.charCodeAt(i) !== SPACE) throw new GiveUp(); // `{a:b}`, `{a:,}`: the package decides
        while (i < end && text.charCodeAt(i) === SPACE) i++;
        const next = text.charCodeAt(i);
        if (next === COMMA || next === CLOSE_BRACE) throw new GiveUp(); // empty value: leave it to the package
        const value = this.flowNode(i, end, false);
        map[key] = value;
        this.store.entry(key, this.sourceId, itemStart, i);
        i = this.after;
      }
      while (i < end && text.charCodeAt(i) === SPACE) i++;
      const separator = text.charCodeAt(i);
      if (separator === COMMA) i++;
      else if (separator !== close) throw new GiveUp();
    }
    const value = list ?? (map as PlainMap);
    this.store.finish(value, mark, map !== undefined); // a key written twice made it give up
    this.after = i;
    return value;
  }

  /** One flow item: nested collection, quoted scalar, or plain scalar ending at , ] } or `: `. */
  private flowNode(p: number, end: number, isKey: boolean): PlainValue {
    const text = this.text;
    const c = text.charCodeAt(p);
    if (c === OPEN_BRACKET || c === OPEN_BRACE) {
      if (isKey) throw new GiveUp();
      return this.flow(p, end);
    }
    if (c === DOUBLE_QUOTE) return this.doubleQuoted(p, end);
    if (c === SINGLE_QUOTE) return this.singleQuoted(p, end);
    const value = readPlainFlowScalar(text, p, end, isKey, this.end);
    this.after = this.end.at;
    return value;
  }

  private singleQuoted(p: number, end: number): string {
    const value = readSingleQuoted(this.text, p, end, this.end);
    this.after = this.end.at;
    return value;
  }

  private doubleQuoted(p: number, end: number): string {
    const value = readDoubleQuoted(this.text, p, end, this.end);
    this.after = this.end.at;
    return value;
  }
}
