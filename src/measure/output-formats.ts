// The output formats of a measurements request, each with its traits in one place: the request
// checks, the renderers' dispatch, the headings between reports, the notice for a window that has
// not ended, the `--help` text, shell completion and the editor schema's enum all read this table.
// It imports nothing, so the command line can offer the formats without loading the request
// checks or a renderer.

interface FormatTraits {
  /** How `--help` and the command's description name it. */
  readonly noun: string;
  /** Extensions of an `out` file that imply the format (lower case, with the dot). */
  readonly extensions: readonly string[];
  /**
   * The heading before a report when several reports share stdout, in the format's own syntax
   * where it has one: CSV and JSON have none, so a `#` line, which CSV loaders take as a comment
   * and which a script can split on.
   */
  readonly heading: (name: string) => string;
  /** It marks a time range that has not ended itself; for the others a notice on stderr says so. */
  readonly marksOpenBucket: boolean;
  /** The service's export (endpoint 17) writes it. */
  readonly serverExport: boolean;
}

const banner = (name: string): string => `== report ${name} ==\n`;
const comment = (name: string): string => `# report ${name}\n`;

/** The formats in the order messages, `--help` and the schema list them; the first is the default. */
const FORMATS = {
  table: { noun: 'a table', extensions: [], heading: banner, marksOpenBucket: true, serverExport: false },
  csv: { noun: 'csv', extensions: ['.csv'], heading: comment, marksOpenBucket: false, serverExport: true },
  json: { noun: 'json', extensions: ['.json'], heading: comment, marksOpenBucket: false, serverExport: true },
  markdown: { noun: 'markdown', extensions: ['.md', '.markdown'], heading: (name) => `## Report ${name}\n\n`, marksOpenBucket: true, serverExport: false },
  chart: { noun: 'chart', extensions: [], heading: banner, marksOpenBucket: true, serverExport: false },
  html: { noun: 'html', extensions: ['.html', '.htm'], heading: (name) => `<!-- report ${name} -->\n`, marksOpenBucket: true, serverExport: false },
} as const satisfies Record<string, FormatTraits>;

export type OutputFormat = keyof typeof FORMATS;
export const OUTPUT_FORMATS = Object.keys(FORMATS) as OutputFormat[];

/** The format of a request that names none and writes no file whose extension implies one. */
export const DEFAULT_FORMAT: OutputFormat = 'table';
/** The same for the service's export (`--server-export`). */
export const DEFAULT_SERVER_EXPORT_FORMAT: OutputFormat = 'csv';

/** Formats the service's export (endpoint 17) writes. */
export const SERVER_EXPORT_FORMATS: readonly OutputFormat[] = OUTPUT_FORMATS.filter((f) => FORMATS[f].serverExport);

export function isOutputFormat(text: string): text is OutputFormat {
  return Object.hasOwn(FORMATS, text);
}

export function formatTraits(format: OutputFormat): FormatTraits {
  return FORMATS[format];
}

const BY_EXTENSION = new Map<string, OutputFormat>(OUTPUT_FORMATS.flatMap((f) => FORMATS[f].extensions.map((ext) => [ext, f] as const)));

/** The format an output file's extension implies, if it implies one. */
export function formatOfPath(path: string): OutputFormat | undefined {
  const dot = path.lastIndexOf('.');
  return dot < 0 ? undefined : BY_EXTENSION.get(path.slice(dot).toLowerCase());
}

/**
 * The heading before a report that shares stdout with others (`measurements --all` with reports
 * that have no out:, or with --format to preview them), so the reader (or a script splitting the
 * stream) knows which report a table belongs to.
 */
export function reportHeading(name: string, format: OutputFormat, first: boolean): string {
  return `${first ? '' : '\n'}${FORMATS[format].heading(name)}`;
}

/** `table (default), csv, json, ...`: the formats as `--help` lists them. */
export function formatsForHelp(): string {
  return OUTPUT_FORMATS.map((f) => (f === DEFAULT_FORMAT ? `${f} (default)` : f)).join(', ');
}

/** `a table, csv, ... or html`: the formats as the command's description names them. */
export function formatNouns(): string {
  const nouns = OUTPUT_FORMATS.map((f) => FORMATS[f].noun);
  return `${nouns.slice(0, -1).join(', ')} or ${nouns[nouns.length - 1] ?? ''}`;
}

/** The formats of `emctl goals` (DESIGN.md section 12): the digest as text, Markdown or versioned JSON. */
export const GOAL_FORMATS = ['text', 'json', 'markdown'] as const;
export type GoalFormat = (typeof GOAL_FORMATS)[number];
