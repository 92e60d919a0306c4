// Several reports printed to stdout one after the other (`measurements --all` with reports that
// have no out:, or with --format to preview them): each gets a heading naming it, in the form's
// own syntax where it has one, so the reader (or a script splitting the stream) knows which
// report a table belongs to.

import type { OutputFormat } from '../output-formats.js';

export function reportHeading(name: string, format: OutputFormat, first: boolean): string {
  const gap = first ? '' : '\n';
  switch (format) {
    case 'markdown':
      return `${gap}## Report ${name}\n\n`;
    case 'html':
      return `${gap}<!-- report ${name} -->\n`;
    // CSV and JSON have no heading of their own: a `#` line, which CSV loaders take as a comment
    // and which a script can split on.
    case 'csv':
    case 'json':
      return `${gap}# report ${name}\n`;
    case 'table':
    case 'chart':
      return `${gap}== report ${name} ==\n`;
  }
}
