// Many globs against many names in time near-linear in the names (DESIGN 7: no repositories x
// patterns scan). Each glob is filed in a character trie under its literal prefix (what comes
// before its first wildcard); one that starts with a wildcard, under its literal suffix in a trie
// of reversed suffixes; only a glob with neither (`*`, `*x*`) is a candidate for every name. A
// name walks the prefix trie along its own characters and the suffix trie along them backwards,
// meeting only the globs that can match it: with 1,000 rules like `team-123/*` or
// `team-123/*-api`, a name meets the few of its own team. A candidate whose glob is its literal
// prefix and one `*` matches outright; the others are tested by their own compiled matcher
// (glob-match.ts: no backtracking, whatever the glob). Pure.

import { compileGlob } from './glob-match.js';

interface Filed<T> {
  value: T;
  /** undefined: the glob is its literal prefix followed by `*`, so reaching it is a match. */
  test?: (name: string) => boolean;
}

interface TrieNode<T> {
  children: Map<string, TrieNode<T>>;
  filed: Filed<T>[];
}

function trieNode<T>(): TrieNode<T> {
  return { children: new Map(), filed: [] };
}

/** The node for `key` under `root` (built on the way down), read forwards or backwards. */
function nodeAt<T>(root: TrieNode<T>, key: string, backwards: boolean): TrieNode<T> {
  let node = root;
  for (let i = 0; i < key.length; i += 1) {
    const ch = key.charAt(backwards ? key.length - 1 - i : i);
    let next = node.children.get(ch);
    if (next === undefined) node.children.set(ch, (next = trieNode<T>()));
    node = next;
  }
  return node;
}

/** What comes before the first wildcard: every name the glob matches starts with it. */
export function literalPrefix(glob: string): string {
  const at = glob.search(/[*?]/);
  return at === -1 ? glob : glob.slice(0, at);
}

function literalSuffix(glob: string): string {
  const match = /[^*?]*$/.exec(glob);
  return match?.[0] ?? '';
}

export class GlobIndex<T> {
  private readonly prefixes = trieNode<T>();
  private readonly suffixes = trieNode<T>();

  /** Files `glob` (`*` any run of characters, `?` one; the whole name must match) with its value. */
  add(glob: string, value: T): void {
    const prefix = literalPrefix(glob);
    const plainPrefix = glob === `${prefix}*`;
    const filed: Filed<T> = plainPrefix ? { value } : { value, test: compileGlob(glob) };
    const suffix = literalSuffix(glob);
    if (prefix === '' && suffix !== '' && !plainPrefix) nodeAt(this.suffixes, suffix, true).filed.push(filed);
    else nodeAt(this.prefixes, prefix, false).filed.push(filed);
  }

  /** Calls `found` with the value of every glob that matches `name`, in no particular order. */
  forEachMatch(name: string, found: (value: T) => void): void {
    this.firstMatch(name, (value) => {
      found(value);
      return false;
    });
  }

  /** Whether any glob matches `name` (the walk stops at the first). */
  matchesAny(name: string): boolean {
    return this.firstMatch(name, () => true);
  }

  /** Walks the globs that match `name` until `stop` returns true; returns whether it did. */
  private firstMatch(name: string, stop: (value: T) => boolean): boolean {
    const take = (node: TrieNode<T>): boolean => {
      for (const f of node.filed) if ((f.test === undefined || f.test(name)) && stop(f.value)) return true;
      return false;
    };
    let node: TrieNode<T> | undefined = this.prefixes;
    if (take(node)) return true;
    for (let i = 0; i < name.length; i += 1) {
      node = node.children.get(name.charAt(i));
      if (node === undefined) break;
      if (take(node)) return true;
    }
    // The root of the suffix trie holds nothing: a glob with no literal suffix is in the prefix trie.
    node = this.suffixes;
    for (let i = name.length - 1; i >= 0; i -= 1) {
      node = node.children.get(name.charAt(i));
      if (node === undefined) break;
      if (take(node)) return true;
    }
    return false;
  }
}
