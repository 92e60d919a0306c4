// The syntax --target and --exclude accept, by kind (core/target-check.ts): an address begins with
// a word of the config's own (`collection`, `git`) or with an entry several kinds write in (a
// team's, `team[42]`; a repository's, `repo["acme/api"]`), whose parts the kinds own.

/** Where an address begins: the config's own word, or an entry several kinds write in. */
export type AddressEntry = 'collection' | 'team' | 'git' | 'repo';

/** A part of a team's or a repository's entry that a kind owns (`.pm...`, `.monitored`). */
export interface EntryPartSyntax {
  /** The words after the entry that begin its addresses (`pm`; `name`, `parent`, ...). */
  readonly words: readonly string[];
  /** The part's syntax, as the usage error shows it (`.git[.repositories|.services]`). */
  readonly shown: string;
  /** Nothing lies under it (a team's properties, its member set): shown run together with the next such part. */
  readonly leaf?: boolean;
  /** Whether the whole rest after the entry is one of its addresses without splitting it at dots (a member by email, `.members["bo@acme.io"]`). */
  whole?(rest: string): boolean;
  /** Why the rest after the entry, split at dots (its first word one of `words`), is not one of its addresses. */
  problem(parts: readonly string[]): string | undefined;
}

/** What a kind says of its addresses' syntax. */
export interface KindAddressSyntax {
  readonly entry: AddressEntry;
  /** Lines of the syntax the usage error shows, whole (a selection's; a settings rule's, after its entry's line). */
  readonly lines?: readonly string[];
  /** Its part of a team's or repository's entry. */
  readonly part?: EntryPartSyntax;
  /** For an address beginning with the config's own word (`collection`, `git`): why it is not one of its. */
  problem?(address: string): string | undefined;
}

/** An integration alias, or an integration id. */
export const ALIAS = /^[A-Za-z_][A-Za-z0-9_-]*$|^[1-9][0-9]*$/;

/** Undefined when `word` is absent or allowed; otherwise why not, with what is. */
export function oneOf(word: string | undefined, allowed: readonly string[], what: string): string | undefined {
  return word === undefined || allowed.includes(word) ? undefined : `"${word}" is not ${what} (one of ${allowed.join(', ')})`;
}

/** A team's part with nothing under it (a property, the member set). */
export function teamLeafProblem(parts: readonly string[]): string | undefined {
  return parts.length > 1 ? `a team's ${parts[0] ?? ''} address ends there: team[42].${parts[0] ?? ''}` : undefined;
}
