// The output part of a measurements request: the format (given, or implied by the extension of
// `out`) and the file, and what the service's own export (endpoint 17) can write.

import type { ReportDefinition } from '../core/model.js';
import { DEFAULT_FORMAT, DEFAULT_SERVER_EXPORT_FORMAT, formatOfPath, isOutputFormat, OUTPUT_FORMATS, SERVER_EXPORT_FORMATS, type OutputFormat } from './output-formats.js';
import { hint, quote, type Report, type SpecContext } from './spec-problem.js';

/**
 * Extensions of files emctl cannot write, with what to write instead: without --format such a
 * file would get the terminal table (a spreadsheet user reaching for .xlsx gets text, not a sheet).
 */
const UNWRITABLE_EXTENSIONS: Record<string, string> = {
  '.xlsx': 'spreadsheets open csv: name it .csv',
  '.xls': 'spreadsheets open csv: name it .csv',
  '.ods': 'spreadsheets open csv: name it .csv',
  '.png': 'charts come as html (.html, an SVG per metric) or in the terminal (--format chart)',
  '.svg': 'charts come as html (.html, an SVG per metric) or in the terminal (--format chart)',
  '.pdf': 'charts come as html (.html, an SVG per metric) or in the terminal (--format chart)',
};

/**
 * What makes `out` no file path at all, checked as written (validate and the run agree): empty,
 * `sqlite:` with nothing after it, a control character (a NUL from a `\\0` escape), or a
 * directory (`.`, `..`, a trailing slash).
 */
function outPathShapeProblem(out: string): string | undefined {
  if (out.trim() === '') return 'out must name a file';
  if (/[\u0000-\u001f\u007f]/.test(out)) return `out ${quote(out)} holds a control character; name a file with a plain path`;
  if (/^postgres(ql)?:\/\//i.test(out)) return undefined;
  const isStore = /^sqlite:/i.test(out);
  const path = isStore ? out.slice('sqlite:'.length) : out;
  if (isStore && path.trim() === '') return `out ${quote(out)} needs a file path (sqlite:metrics/history.db)`;
  if (/(^|[\\/])\.{0,2}$/.test(path)) return `out names a directory (${quote(out)}); name the file to write`;
  return undefined;
}

/** The longest title a page heading takes. */
const TITLE_MAX = 200;

export function checkOutput(def: ReportDefinition, ctx: SpecContext, problem: Report): { format: OutputFormat; out: string | undefined; title: string | undefined } {
  let format: OutputFormat | undefined;
  if (def.format !== undefined) {
    if (isOutputFormat(def.format)) format = def.format;
    else problem(['format'], `unknown format ${quote(def.format)}: one of ${OUTPUT_FORMATS.join(', ')}${hint(def.format, OUTPUT_FORMATS)}`, true);
  }
  const out = def.out;
  if (out !== undefined) {
    const problemOfPath = outPathShapeProblem(out);
    // The schema refuses an empty out: itself; the other shapes are said only here.
    if (problemOfPath !== undefined) problem(['out'], problemOfPath, out === '');
    else {
      const implied = formatOfPath(out);
      const dot = out.lastIndexOf('.');
      const unwritable = dot < 0 ? undefined : UNWRITABLE_EXTENSIONS[out.slice(dot).toLowerCase()];
      if (format === undefined && unwritable !== undefined) problem(['out'], `emctl does not write ${out.slice(dot).toLowerCase()} files (${quote(out)}); ${unwritable}`);
      if (format === undefined) format = implied;
      else if (implied !== undefined && implied !== format && def.format !== undefined) {
        problem(['out'], `out ${quote(out)} has the extension of ${implied}, but the format is ${format}`);
      }
    }
  }
  format ??= ctx.serverExport ? DEFAULT_SERVER_EXPORT_FORMAT : DEFAULT_FORMAT;
  if (ctx.serverExport && !SERVER_EXPORT_FORMATS.includes(format)) {
    // Name what set the format: --format, or else the extension of --out.
    if (def.format === undefined && out !== undefined) problem(['out'], `out ${quote(out)} has the extension of ${format}, but the service's export writes ${SERVER_EXPORT_FORMATS.join(' or ')}`);
    else problem(['format'], `the service's export writes ${SERVER_EXPORT_FORMATS.join(' or ')}, not ${format}`);
  }
  let title: string | undefined;
  if (def.title !== undefined) {
    if (def.title.trim() === '' || /[\u0000-\u001f\u007f]/.test(def.title)) problem(['title'], 'title must be text on one line (the page\'s heading)', def.title === '');
    else if (def.title.length > TITLE_MAX) problem(['title'], `title is ${def.title.length} characters; a heading takes at most ${TITLE_MAX}`, true);
    else title = def.title.trim();
  }
  return { format, out, title };
}
