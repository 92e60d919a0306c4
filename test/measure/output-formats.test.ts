// The format registry (src/measure/output-formats.ts) is the one list of measurement formats: the
// editor schema's enum for `reports: format:` is checked against it here, and its traits (the
// extensions that imply a format, the headings between reports, what the service's export writes,
// the words of `--help`) are pinned case by case.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/bin.js';
import {
  DEFAULT_FORMAT,
  DEFAULT_SERVER_EXPORT_FORMAT,
  formatNouns,
  formatOfPath,
  formatTraits,
  formatsForHelp,
  isOutputFormat,
  OUTPUT_FORMATS,
  reportHeading,
  SERVER_EXPORT_FORMATS,
  type OutputFormat,
} from '../../src/measure/output-formats.js';

interface ReportFormatSchema {
  $defs: { report: { properties: { format: { enum: string[]; description: string } } } };
}

const schema = JSON.parse(readFileSync(join(ROOT, 'schemas/emctl.schema.json'), 'utf8')) as ReportFormatSchema;

describe('the format registry', () => {
  it('is the editor schema\'s enum of a report\'s format, in order, and the schema\'s words name each', () => {
    const format = schema.$defs.report.properties.format;
    expect(format.enum).toEqual(OUTPUT_FORMATS);
    for (const name of OUTPUT_FORMATS) {
      expect(format.description).toContain(name);
      // The extension that implies it, where one does.
      const [extension] = formatTraits(name).extensions;
      if (extension !== undefined) expect(format.description).toContain(extension);
    }
  });

  it('lists the six formats, table first (the default), csv for the service\'s export', () => {
    expect(OUTPUT_FORMATS).toEqual(['table', 'csv', 'json', 'markdown', 'chart', 'html']);
    expect(DEFAULT_FORMAT).toBe('table');
    expect(DEFAULT_SERVER_EXPORT_FORMAT).toBe('csv');
    expect(SERVER_EXPORT_FORMATS).toEqual(['csv', 'json']);
    expect(SERVER_EXPORT_FORMATS).toContain(DEFAULT_SERVER_EXPORT_FORMAT);
  });

  it.each<[string, boolean]>([
    ['table', true],
    ['html', true],
    ['xlsx', false],
    ['', false],
    // Names of Object.prototype are not formats.
    ['toString', false],
    ['constructor', false],
    ['__proto__', false],
    ['HTML', false],
  ])('isOutputFormat(%j) is %s', (text, expected) => {
    expect(isOutputFormat(text)).toBe(expected);
  });

  it.each<[string, OutputFormat | undefined]>([
    ['weekly.csv', 'csv'],
    ['out/weekly.JSON', 'json'],
    ['README.md', 'markdown'],
    ['notes.markdown', 'markdown'],
    ['page.html', 'html'],
    ['page.HTM', 'html'],
    ['sheet.xlsx', undefined],
    ['chart.svg', undefined],
    ['weekly', undefined],
    ['archive.csv.gz', undefined],
    ['dir.csv/file', undefined],
  ])('formatOfPath(%j) is %s', (path, expected) => {
    expect(formatOfPath(path)).toBe(expected);
  });

  it.each<[OutputFormat, string, string]>([
    ['table', '== report weekly ==\n', '\n== report weekly ==\n'],
    ['chart', '== report weekly ==\n', '\n== report weekly ==\n'],
    ['csv', '# report weekly\n', '\n# report weekly\n'],
    ['json', '# report weekly\n', '\n# report weekly\n'],
    ['markdown', '## Report weekly\n\n', '\n## Report weekly\n\n'],
    ['html', '<!-- report weekly -->\n', '\n<!-- report weekly -->\n'],
  ])('the %s heading of a report sharing stdout, first and later', (format, first, later) => {
    expect(reportHeading('weekly', format, true)).toBe(first);
    expect(reportHeading('weekly', format, false)).toBe(later);
  });

  it('gives --help its words', () => {
    expect(formatsForHelp()).toBe('table (default), csv, json, markdown, chart, html');
    expect(formatNouns()).toBe('a table, csv, json, markdown, chart or html');
  });
});
