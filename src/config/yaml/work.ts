// What the most recent config load did, in counts. The loader must stay linear in what a file
// holds, also for a hostile one; these counts let a test hold it to that with figures that do
// not depend on how busy the machine is (a benchmark prints the time the same load takes).

export interface LoadWork {
  /** Characters of config text read, over every file. */
  textChars: number;
  /** Content lines the fast reader indexed (blank and comment-only lines left out). */
  fastReaderLines: number;
  /** Lexemes the `yaml` package's lexer made: 0 when the fast reader or the flow scan settled every file. */
  yamlLexemes: number;
  /** Map entries and list items recorded with their positions, also those of a reader that then gave up. */
  entriesPlaced: number;
  /** Runs of the schema validator: one per document, plus one per batch of a large map. */
  schemaValidations: number;
  /** Errors the schema validator reported, summed over its runs. */
  schemaErrors: number;
}

const none = (): LoadWork => ({ textChars: 0, fastReaderLines: 0, yamlLexemes: 0, entriesPlaced: 0, schemaValidations: 0, schemaErrors: 0 });

/** The counts of the most recent config load (reset when one starts; loads in a process run one at a time). */
export const loadWork: LoadWork = none();

export function resetLoadWork(): void {
  Object.assign(loadWork, none());
}
