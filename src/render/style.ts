// How renderers colour text without knowing about terminals: the CLI passes a Style in. Renderers
// stay pure string functions, and tests use plainStyle so expected output is plain readable text.

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
 * Builds a Style from a colouring function with the shape of node:util styleText, so the CLI
 * supplies `(format, text) => styleText(format, text)` and this room never imports node:*.
 */
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
