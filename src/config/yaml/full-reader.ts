// Turns one YAML file into plain data with placements, using the `yaml` package. This is the
// complete reader: anchors, aliases, merge keys (`<<`), block scalars, tags. Duplicate keys,
// reserved keys and alias bombs are reported here, so nothing downstream has to guard for them.

import { createRequire } from 'node:module';
import type { CST, Document, Node, ParsedNode } from 'yaml';
import type { Diagnostic } from './diagnostics.js';
import { readTokens } from './depth.js';
import { hasLoneSurrogate, numberSpellingProblem } from './scalars.js';
import { newMap, type Placements, type PlacedRoot, type PlainMap, type PlainValue, type SourceText } from './source.js';

// The complete YAML reader is loaded only for a file the fast reader leaves to it (fast-reader.ts
// reads nearly every config), so most runs never load the package.
const require = createRequire(import.meta.url);
let yamlPackage: typeof import('yaml') | undefined;
function yaml(): typeof import('yaml') {
  return (yamlPackage ??= require('yaml') as typeof import('yaml'));
}

/** Nodes an alias may expand to, in total per file; more is treated as an alias bomb. */
export const MAX_ALIAS_EXPANSION = 100_000;
/**
 * Characters of keys and strings that aliases may expand to, in total per file (the size cap of a
 * file): a few aliased megabytes would otherwise become gigabytes in every later step.
 */
export const MAX_ALIAS_EXPANSION_CHARS = 20 * 1024 * 1024;
/**
 * Nesting of maps and lists, counted through aliases. A config needs about 8 levels; the limit
 * keeps every recursive step downstream far from the stack's end, and stops an anchor that
 * contains an alias of itself (`a: &a [*a]`).
 */
export const MAX_NESTING = 100;

/**
 * What the complete reader takes of one file: it is used only where the fast reader cannot read
 * the file (anchors, aliases and merge keys, tags, multi-line values, or a syntax error), and the
 * `yaml` package holds a syntax node of a few hundred bytes per token and per line. Within these,
 * any text is read or refused in about 2 s and 300 MB, where the package alone would hold some
 * gigabytes for a large file of blank lines or flow items. A config this large is written without those features (the fast
 * reader takes any size) or split into the files of a config directory.
 */
export const MAX_FULL_READER_LINES = 1_000_000;
export const MAX_FULL_READER_TOKENS = 1_000_000;

/** Keys that could reach Object.prototype in careless code downstream; refused everywhere. */
export const RESERVED_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

export interface FileParse {
  root?: PlacedRoot;
  diagnostics: Diagnostic[];
}

/**
 * Work of the most recent parseYamlFile to find what its aliases name: how many times the
 * document was walked for anchors (at most once) and how many nodes those walks met. A test
 * holds this to one walk, so alias resolution stays linear in the document.
 */
export const aliasResolutionWork = { documentWalks: 0, nodesWalked: 0 };

/**
 * Each alias mapped to the node it names: the latest node before it, in document order, that
 * carries its anchor (so `&a` written again shadows the first only for aliases after it). One walk
 * of the document; the package's own Alias.resolve walks the whole document per alias.
 */
function aliasTargets(doc: Document): Map<Node, Node> {
  const latestByAnchor = new Map<string, Node>();
  const targets = new Map<Node, Node>();
  aliasResolutionWork.documentWalks++;
  // visit calls Node before a collection's items, so `&a [*a]` names the list itself (then TooDeep).
  yaml().visit(doc, {
    Node: (_key, node) => {
      aliasResolutionWork.nodesWalked++;
      if (yaml().isAlias(node)) {
        const target = latestByAnchor.get(node.source);
        if (target) targets.set(node, target);
      } else if (node.anchor) {
        latestByAnchor.set(node.anchor, node);
      }
    },
  });
  return targets;
}

class AliasBomb extends Error {
  constructor(
    readonly offset: number,
    readonly what: string,
  ) {
    super('alias bomb');
  }
}

class TooDeep extends Error {
  constructor(readonly offset: number) {
    super('too deep');
  }
}

/** The message for nesting past MAX_NESTING, also used by the fast reader. */
export function tooDeepMessage(): string {
  return `nesting deeper than ${MAX_NESTING} levels (counting through aliases); a config needs far fewer, and an anchor may not contain an alias of itself`;
}

/** Text of a key as the config uses it: `42:` and `"42":` are both the string "42". */
export function keyText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

export function diagnosticAt(source: SourceText, offset: number, message: string, severity: Diagnostic['severity'] = 'error'): Diagnostic {
  return { ...source.locate(offset), message, severity };
}

export function parseYamlFile(source: SourceText, store: Placements): FileParse {
  const diagnostics: Diagnostic[] = [];
  aliasResolutionWork.documentWalks = 0;
  aliasResolutionWork.nodesWalked = 0;
  // The package's parser keeps its own stack; building a document from its tokens recurses. So the
  // depth is measured on the tokens first, and a too-deep text is reported where it crosses the limit.
  const directive = badDirectiveAt(source.text);
  if (directive !== undefined) return { diagnostics: [diagnosticAt(source, directive, 'only the %YAML 1.1 or %YAML 1.2 directive is accepted (a config is plain data: no %TAG, no other YAML version)')] };
  const lines = lineLimitAt(source.text, MAX_FULL_READER_LINES);
  if (lines !== undefined) return { diagnostics: [diagnosticAt(source, lines, tooLargeMessage(`${MAX_FULL_READER_LINES.toLocaleString('en-US')} lines`))] };
  const read = readTokens(yaml(), source.text, MAX_NESTING, MAX_FULL_READER_TOKENS);
  if (read.tooDeepAt !== undefined) return { diagnostics: [diagnosticAt(source, read.tooDeepAt, tooDeepMessage())] };
  if (read.tooManyAt !== undefined) return { diagnostics: [diagnosticAt(source, read.tooManyAt, tooLargeMessage(`${MAX_FULL_READER_TOKENS.toLocaleString('en-US')} YAML tokens`))] };
  const doc = composeFirstDocument(read.tokens, source.text.length);
  for (const e of doc.errors) {
    // The package reports its own stack overflow on deep nesting as an error of the document.
    const message = /Maximum call stack size exceeded/.test(e.message) ? tooDeepMessage() : yamlMessage(e.code, e.message);
    diagnostics.push(diagnosticAt(source, e.pos[0], message));
  }
  for (const w of doc.warnings) {
    // A tag the package does not know is refused by the Converter, with its own words.
    if (w.code !== 'TAG_RESOLVE_FAILED') diagnostics.push(diagnosticAt(source, w.pos[0], yamlMessage(w.code, w.message), 'warning'));
  }
  if (doc.errors.length > 0) return { diagnostics };

  const converter = new Converter(doc, source, store, diagnostics);
  const mark = store.begin();
  const contents = doc.contents as ParsedNode | null;
  const offset = contents?.range[0] ?? 0;
  try {
    const value = contents ? converter.convert(contents) : newMap();
    return { root: { value, placement: { source, key: offset, value: offset } }, diagnostics };
  } catch (error) {
    store.rollback(mark);
    if (error instanceof TooDeep) {
      diagnostics.push(diagnosticAt(source, error.offset, tooDeepMessage()));
      return { diagnostics };
    }
    if (!(error instanceof AliasBomb)) throw error;
    diagnostics.push(diagnosticAt(source, error.offset, `aliases expand to more than ${error.what}; refusing what looks like an alias bomb`));
    return { diagnostics };
  }
}

/** The start of line `limit` + 1, if the text has that many lines. */
function lineLimitAt(text: string, limit: number): number | undefined {
  let at = 0;
  for (let line = 1; line <= limit; line++) {
    const nl = text.indexOf('\n', at);
    if (nl === -1) return undefined;
    at = nl + 1;
  }
  return at < text.length ? at : undefined;
}

function tooLargeMessage(limit: string): string {
  return `this file needs the complete YAML reader (it uses anchors, aliases, tags or multi-line values, or has a syntax error the fast reader leaves to it), which reads at most ${limit} of a file: write it without those, or split it into the files of a config directory`;
}

/**
 * The first document of the tokens, as the package's parseDocument builds it (a second document
 * is an error of the first). uniqueKeys is checked by the Converter: the package's own check is
 * quadratic in the size of a map.
 */
function composeFirstDocument(tokens: Iterable<CST.Token>, length: number): Document {
  const composer = new (yaml().Composer)({ uniqueKeys: false, merge: false, strict: true });
  let doc: Document | undefined;
  for (const next of composer.compose(tokens, true, length)) {
    if (!doc) {
      doc = next;
      continue;
    }
    doc.errors.push(new (yaml().YAMLParseError)([next.range[0], next.range[1]], 'MULTIPLE_DOCS', 'Source contains multiple documents'));
    break;
  }
  // compose(…, true, …) always ends with a document, an empty one for an empty text.
  return doc as Document;
}

/** The package's messages end with a position and source excerpt we print ourselves. */
function yamlMessage(code: string, message: string): string {
  if (code === 'MULTIPLE_DOCS') return 'a config file holds one YAML document; put more in separate files of a config directory';
  const first = message.split('\n')[0] ?? message;
  return `YAML: ${first.replace(/ at line \d+, column \d+:?$/, '')}`;
}

class Converter {
  private expansionBudget = MAX_ALIAS_EXPANSION;
  private expansionChars = MAX_ALIAS_EXPANSION_CHARS;
  /** Maps and lists open around the node being converted, aliases followed. */
  private depth = 0;
  /** Offset of the alias followed most recently: where a too-deep expansion is reported. */
  private lastAlias = 0;
  /** >0 while converting the target of an alias: every node made then counts against the budget. */
  private aliasDepth = 0;
  private aliasSite = 0;
  private readonly sourceId: number;
  /** Built at the first alias: most files the package reads have none. */
  private targets: Map<Node, Node> | undefined;

  constructor(
    private readonly doc: Document,
    private readonly source: SourceText,
    private readonly store: Placements,
    private readonly diagnostics: Diagnostic[],
  ) {
    this.sourceId = store.sourceId(source);
  }

  convert(node: Node): PlainValue {
    if (this.aliasDepth > 0 && --this.expansionBudget < 0) throw new AliasBomb(this.aliasSite, `${MAX_ALIAS_EXPANSION} values`);
    if (yaml().isAlias(node)) return this.expandAlias(node, (node.range ?? [0])[0]);
    this.checkTag(node);
    if (yaml().isScalar(node)) {
      const value = scalarValue(this.plainValue(node));
      if (this.aliasDepth > 0 && typeof value === 'string') this.spendChars(value.length);
      return value;
    }
    if (!yaml().isSeq(node) && !yaml().isMap(node)) return null;
    if (++this.depth > MAX_NESTING) throw new TooDeep(this.aliasDepth > 0 ? this.lastAlias : offsetOf(node, 0));
    try {
      return this.convertCollection(node);
    } finally {
      this.depth--;
    }
  }

  private checkTag(node: Node): void {
    if (node.tag === undefined || CORE_TAGS.has(node.tag)) return;
    const tag = node.tag.replace(/^tag:yaml\.org,2002:/, '!!');
    const why = tag === '!!int' || tag === '!!float' ? 'write a number in plain decimal, untagged' : 'a config is plain data (maps, lists, strings, numbers, booleans)';
    this.diagnostics.push(diagnosticAt(this.source, offsetOf(node, 0), `the YAML tag \`${tag}\` is not accepted: ${why}`));
  }

  /**
   * A scalar's value as the config reads it (scalars.ts): a number written other than in plain
   * decimal is an error where it is written; an integer past 2^53-1 is its text; a double-quoted
   * escape that makes a lone surrogate is an error.
   */
  private plainValue(node: import('yaml').Scalar): unknown {
    const value = node.value;
    if (node.type === 'PLAIN' && (typeof value === 'number' || typeof value === 'bigint') && typeof node.source === 'string') {
      const problem = numberSpellingProblem(node.source, value);
      if (problem !== undefined) this.diagnostics.push(diagnosticAt(this.source, offsetOf(node, 0), problem));
      // Past 2^53-1 a number rounds: the text is kept, and refused where an id is written.
      if (typeof value === 'bigint' || (Number.isInteger(value) && !Number.isSafeInteger(value))) return node.source;
      return value;
    }
    if (node.type === 'QUOTE_DOUBLE' && typeof value === 'string' && hasLoneSurrogate(value)) {
      this.diagnostics.push(diagnosticAt(this.source, offsetOf(node, 0), 'a `\\u` escape here makes a lone surrogate (half of a pair), which is not a character: write the whole character, or both halves of its pair'));
    }
    return value;
  }

  private spendChars(n: number): void {
    this.expansionChars -= n;
    if (this.expansionChars < 0) throw new AliasBomb(this.aliasSite, `${MAX_ALIAS_EXPANSION_CHARS / 1024 / 1024} MB of text`);
  }

  private convertCollection(node: Node): PlainValue {
    if (yaml().isSeq(node)) {
      const list: PlainValue[] = [];
      const mark = this.store.begin();
      for (const item of node.items) {
        const offset = offsetOf(item as Node, 0);
        list.push(this.convert(item as Node));
        this.store.entry(undefined, this.sourceId, offset, offset);
      }
      this.store.finish(list, mark);
      return list;
    }
    if (yaml().isMap(node)) return this.convertMap(node.items);
    return null;
  }

  private expandAlias(node: Node, offset: number): PlainValue {
    if (!yaml().isAlias(node)) return this.convert(node);
    const target = (this.targets ??= aliasTargets(this.doc)).get(node);
    if (!target) return null;
    const outer = this.aliasDepth === 0;
    if (outer) this.aliasSite = offset;
    this.lastAlias = offset;
    this.aliasDepth++;
    try {
      return this.convert(target);
    } finally {
      this.aliasDepth--;
    }
  }

  private convertMap(pairs: readonly unknown[]): PlainMap {
    const map = newMap();
    const mark = this.store.begin();
    const firstKeyOffsets = new Map<string, number>();
    const merges: { node: Node; offset: number }[] = [];
    for (const pair of pairs) {
      if (!yaml().isPair(pair)) continue;
      const keyNode = pair.key as Node | null;
      const keyOffset = offsetOf(keyNode, 0);
      const valueOffset = offsetOf(pair.value as Node | null, keyOffset);
      if (yaml().isScalar(keyNode) && keyNode.value === '<<' && keyNode.type === 'PLAIN') {
        merges.push({ node: pair.value as Node, offset: valueOffset });
        continue;
      }
      if (keyNode) this.checkTag(keyNode);
      const key = yaml().isScalar(keyNode) ? keyText(this.plainValue(keyNode)) : undefined;
      if (key === undefined) {
        this.diagnostics.push(diagnosticAt(this.source, keyOffset, 'keys must be plain strings or numbers'));
        continue;
      }
      if (RESERVED_KEYS.has(key)) {
        this.diagnostics.push(diagnosticAt(this.source, keyOffset, `key \`${key}\` is reserved and not accepted`));
        continue;
      }
      const first = firstKeyOffsets.get(key);
      if (first !== undefined) {
        const where = ` (first written at line ${this.source.position(first).line})`;
        this.diagnostics.push(diagnosticAt(this.source, keyOffset, `duplicate key \`${key}\`${where}`));
        continue;
      }
      firstKeyOffsets.set(key, keyOffset);
      if (this.aliasDepth > 0) this.spendChars(key.length);
      map[key] = pair.value === null ? null : this.convert(pair.value as Node);
      this.store.entry(key, this.sourceId, keyOffset, valueOffset);
    }
    for (const merge of merges) this.applyMerge(map, merge.node, merge.offset);
    this.store.finish(map, mark);
    return map;
  }

  /** `<<: *base` or `<<: [*a, *b]`: keys of the merged maps that this map does not write itself. */
  private applyMerge(map: PlainMap, node: Node, offset: number): void {
    const sources = yaml().isSeq(node) ? (node.items as Node[]) : [node];
    for (const item of sources) {
      const value = yaml().isAlias(item) ? this.expandAlias(item, offsetOf(item, offset)) : this.convert(item);
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        this.diagnostics.push(diagnosticAt(this.source, offsetOf(item, offset), 'a merge key `<<` takes a mapping or a list of mappings'));
        continue;
      }
      for (const key of Object.keys(value)) {
        if (Object.hasOwn(map, key)) continue;
        map[key] = value[key] ?? null;
        const placement = this.store.childPlacement(value, key);
        if (placement) this.store.entryFrom(key, placement);
      }
    }
  }
}

/**
 * The core schema's tags that a config may write: what a plain string, map or list is anyway. A
 * tag that makes a number (`!!int "0x2A"`) is refused like any other: it would turn text into an id.
 */
const CORE_TAGS: ReadonlySet<string> = new Set(['str', 'bool', 'null', 'seq', 'map'].map((t) => `tag:yaml.org,2002:${t}`));

/**
 * The offset of a directive other than `%YAML 1.1` or `%YAML 1.2` (directives open the text,
 * before `---`, among comments and blank lines), if there is one.
 */
function badDirectiveAt(text: string): number | undefined {
  let at = 0;
  while (at < text.length) {
    const end = text.indexOf('\n', at) === -1 ? text.length : text.indexOf('\n', at);
    const line = text.slice(at, end);
    if (line.startsWith('%')) {
      if (!/^%YAML[ \t]+1\.[12][ \t]*(?:#.*)?\r?$/.test(line)) return at;
    } else if (line.trim() !== '' && !line.trimStart().startsWith('#')) {
      return undefined;
    }
    at = end + 1;
  }
  return undefined;
}

function offsetOf(node: Node | null | undefined, fallback: number): number {
  return node?.range?.[0] ?? fallback;
}

function scalarValue(value: unknown): PlainValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'bigint') return Number(value);
  // Tags such as !!binary or !!timestamp produce objects; the config has no use for them.
  return String(value);
}
