// The small pieces every part of the html report shares: escaping of text from the data (names,
// titles), the colours a group keeps across the report, and a width estimate for SVG text, which
// has no layout engine to ask when the page is written (the page runs no script).

import { displayWidth } from './width.js';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe inside HTML or SVG, in an element or a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/**
 * One colour per style slot (series.ts): at most MAX_SERIES (6) groups are told apart by colour,
 * so six colours of different hues, each dark enough for a thin line on white: Tableau 10's blue,
 * orange, green, red and purple, and its teal darkened (the light one faded into the grid). The
 * eight of round 1 held a darkened yellow that read as a second orange.
 */
export const PALETTE = ['#4e79a7', '#f28e2b', '#59a14f', '#e15759', '#b07aa1', '#499894'] as const;

/** The colour of a style slot. */
export function slotColour(slot: number): string {
  return PALETTE[slot % PALETTE.length] ?? PALETTE[0];
}

/** Pixels a text of `px` font takes, about: system-ui fonts average 0.55 em a column (DejaVu Sans, the widest common one). */
export function textPixels(text: string, px: number): number {
  return displayWidth(text) * px * 0.55;
}

/** `text` cut to at most `pixels` at `px` font, ending in an ellipsis when cut. */
export function fitText(text: string, pixels: number, px: number): string {
  if (textPixels(text, px) <= pixels) return text;
  let out = '';
  for (const ch of text) {
    if (textPixels(`${out}${ch}…`, px) > pixels) break;
    out += ch;
  }
  return `${out}…`;
}

/** A coordinate with at most one decimal: a tenth of a pixel is finer than any screen shows. */
export function px(value: number): string {
  return String(Math.round(value * 10) / 10);
}
