// Colour for the terminal formats (table, chart). The caller decides whether colour is wanted
// (a TTY, NO_COLOR, --no-color) and says so with `color`; this only paints. styleText's own stream
// check is turned off because it would look at this process's stdout, not where the output goes.

import { styleText } from 'node:util';

export type Paint = (text: string) => string;

type Format = Parameters<typeof styleText>[0];

/** A painter for one style, or the identity when colour is off (so tests read plain text). */
export function painter(color: boolean, format: Format): Paint {
  if (!color) return (text) => text;
  return (text) => (text === '' ? text : styleText(format, text, { validateStream: false }));
}
