// Nesting depth of a YAML text, measured while the `yaml` package reads its tokens, before the
// package builds a document from them. The package's parser keeps its own stack, so it reads any
// depth; building the document recurses, and on deep input overflows the stack somewhere far from
// where the text became too deep (`'['*3000` was reported at column 788), after holding a token
// per bracket of a 20 MB file. Measuring here puts the error where the limit is crossed (the
// collection that opens level limit + 1) and stops reading there.

import type { CST } from 'yaml';
import { loadWork } from './work.js';

type YamlPackage = typeof import('yaml');

/** Collection tokens of the concrete syntax tree: what adds a level of nesting. */
const COLLECTIONS: ReadonlySet<string> = new Set(['block-map', 'block-seq', 'flow-collection']);

export type TokenRead =
  | { tokens: CST.Token[]; tooDeepAt?: undefined; tooManyAt?: undefined }
  | { tooDeepAt: number; tooManyAt?: undefined }
  | { tooManyAt: number; tooDeepAt?: undefined };

/**
 * The text's top-level tokens; or the offset of the first collection deeper than `limit` levels;
 * or, past `maxLexemes`, the offset reached (the package holds a syntax node of some hundred bytes
 * per lexeme, so the count bounds its memory and time). The parser's stack holds the collections
 * open at the current lexeme, so depth is checked as the text is read (reading stops at the
 * crossing); the finished tokens are walked once more, which also catches a depth the stack never
 * held at once.
 */
export function readTokens(yaml: YamlPackage, text: string, limit: number, maxLexemes: number): TokenRead {
  const parser = new yaml.Parser();
  const tokens: CST.Token[] = [];
  let lexemes = 0;
  for (const lexeme of new yaml.Lexer().lex(text)) {
    loadWork.yamlLexemes++;
    if (++lexemes > maxLexemes) return { tooManyAt: Math.min(parser.offset, text.length) };
    for (const token of parser.next(lexeme)) tokens.push(token);
    if (parser.stack.length > limit) {
      const at = deepestOpenAt(parser.stack, limit);
      if (at !== undefined) return { tooDeepAt: at };
    }
  }
  for (const token of parser.end()) tokens.push(token);
  const at = firstTooDeep(tokens, limit);
  return at === undefined ? { tokens } : { tooDeepAt: at };
}

/** The offset of collection number limit + 1 among those open on the parser's stack, if that many are. */
function deepestOpenAt(stack: readonly CST.Token[], limit: number): number | undefined {
  let depth = 0;
  for (const token of stack) {
    if (COLLECTIONS.has(token.type) && ++depth > limit) return token.offset;
  }
  return undefined;
}

/**
 * The offset of the first collection (in document order) that sits deeper than `limit` levels, or
 * undefined. An explicit stack, not recursion, so a tree of any depth is walked safely.
 */
export function firstTooDeep(tokens: readonly CST.Token[], limit: number): number | undefined {
  const stack: { token: CST.Token | null | undefined; depth: number }[] = [];
  for (let i = tokens.length - 1; i >= 0; i--) stack.push({ token: tokens[i], depth: 0 });
  while (stack.length > 0) {
    const { token, depth } = stack.pop() as { token: CST.Token | null | undefined; depth: number };
    if (!token) continue;
    let inner = depth;
    if (COLLECTIONS.has(token.type)) {
      inner = depth + 1;
      // The walk goes in document order, so the first one found is the earliest in the text.
      if (inner > limit) return token.offset;
    }
    const children = childrenOf(token);
    for (let i = children.length - 1; i >= 0; i--) stack.push({ token: children[i], depth: inner });
  }
  return undefined;
}

/** The nodes inside a token, in document order: a document's value, a collection's keys and values. */
function childrenOf(token: CST.Token): (CST.Token | null | undefined)[] {
  if (token.type === 'document') return [token.value];
  if (token.type === 'block-map' || token.type === 'block-seq' || token.type === 'flow-collection') {
    const out: (CST.Token | null | undefined)[] = [];
    for (const item of token.items) {
      if ('key' in item) out.push(item.key);
      out.push(item.value);
    }
    return out;
  }
  return [];
}
