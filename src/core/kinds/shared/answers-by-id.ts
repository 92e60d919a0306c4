// The last answer of each object of a kind whose write answers carry the object's whole state,
// by the object's id (a team's Git scope, a repository's configuration): what a kind's answer
// ledger (kind.ts AnswerLedger) keeps before it says what the answers show.

/** The answers kept by object id; an object whose last write failed, was lost or was answered without its id is not here. */
export class AnswersById<T> {
  protected readonly byId = new Map<number, T>();

  /**
   * `idOf` reads the object's id from an answer (undefined when the answer does not name it);
   * `idInPath` finds it in the written path (its first group), for a write that did not show it.
   */
  constructor(
    private readonly idOf: (answer: T) => unknown,
    private readonly idInPath: RegExp,
  ) {}

  answered(path: string, body: unknown): void {
    const answer = body as T | undefined;
    const id = answer === undefined || answer === null ? undefined : this.idOf(answer);
    if (typeof id === 'number') this.byId.set(id, answer as T);
    else this.failed(path);
  }

  failed(path: string): void {
    this.byId.delete(Number(this.idInPath.exec(path)?.[1] ?? Number.NaN));
  }
}
