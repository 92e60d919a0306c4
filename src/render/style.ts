// How renderers colour text without knowing about terminals: the CLI passes a Style in. Renderers
// stay pure string functions, and tests use plainStyle so expected output is plain readable text.

import { styleText } from 'node:util';

export interface Style {
  /** Something that will be created: a `+` line. */
  add(s: string): string;
  /** Something that will be removed: a `-` line. */
  remove(s: string): string;
  /** Something that will be changed in place: a `~` line. */
  update(s: string): string;
  /** Secondary information: impact labels, unchanged context lines. */
  dim(s: string): string;
  /** Section headings. */
  bold(s: string): string;
  warn(s: string): string;
  error(s: string): string;
}

const identity = (s: string): string => s;

/** No colour at all: for --no-color, NO_COLOR, pipes, files and tests. */
export const plainStyle: Style = {
  add: identity,
  remove: identity,
  update: identity,
  dim: identity,
  bold: identity,
  warn: identity,
  error: identity,
};

/**
 * Paints `text` in one of node:util styleText's formats. Whether to colour at all is the caller's
 * decision (a TTY, NO_COLOR, --no-color), made for the stream it writes to: styleText's own check
 * would look at the process's stdout, which is not the stream a test or an embedding caller gives.
 */
export function terminalPaint(format: string, text: string): string {
  return (styleText as unknown as (f: string, t: string, o: { validateStream: boolean }) => string)(format, text, { validateStream: false });
}

/** A Style that colours (the caller has decided colour is wanted). */
export function terminalStyle(): Style {
  return makeStyle(terminalPaint);
}

/** A Style from a colouring function with terminalPaint's shape (tests pass one that tags). */
export function makeStyle(colorize: (format: string, text: string) => string): Style {
  const paint = (format: string) => (s: string) => (s === '' ? s : colorize(format, s));
  return {
    add: paint('green'),
    remove: paint('red'),
    update: paint('yellow'),
    dim: paint('dim'),
    bold: paint('bold'),
    warn: paint('yellow'),
    error: paint('red'),
  };
}
