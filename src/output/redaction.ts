// The one output-side redaction layer (DESIGN 8): every byte emctl prints or writes for a user
// (stdout, stderr with commander's own messages and the -v request log, plan files, exports,
// measurement outputs, apply journals) passes through the run's Redactor, which replaces each
// secret of the run with [REDACTED]. Data is never redacted: a plan is built from answers exactly
// as the service sent them, and only its text is redacted on the way out.
//
// The command line makes one Redactor per run and hands it down in the workflow's io
// (WorkflowIO.redactor); each writer that is not one of the io's streams takes it from there.

import { REDACTED } from '../contract/errors.js';

const HTML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Words shorter than this are not taken out on their own (`#`, `key:`): they could be any text. */
const MIN_WORD = 6;
/** Parts of one key source taken out: enough for any key file a person writes, bounded for a 64 KB one. */
const MAX_PARTS = 64;

/** The secrets of one run and their spellings in output, replaced longest first. */
export class Redactor {
  private readonly secrets = new Set<string>();
  private spellings: string[] = [];

  /** Takes `secret` out of everything written from now on ("" and blanks are no secret). */
  add(secret: string | undefined): void {
    const plain = secret?.trim();
    if (!plain || this.secrets.has(plain)) return;
    this.secrets.add(plain);
    this.spellings = [...new Set([...this.spellings, ...spellingsOf(plain)])].sort((a, b) => b.length - a.length);
  }

  /**
   * Takes out what a key source holds, valid or not (DESIGN 8): a key file holding the key and
   * more (a second line, a comment, 64 KB of something), or EMCTL_API_KEY with a space in it, is
   * refused, and the key inside it must still never be printed (`-c KEY`, `--target KEY` by
   * mistake). So the whole text, each line and each word of it are secrets (at most MAX_PARTS).
   */
  addHeld(text: string | undefined): void {
    if (text === undefined) return;
    this.add(text);
    const parts = new Set<string>();
    for (const line of text.split(/\r?\n/)) {
      parts.add(line.trim());
      for (const word of line.split(/\s+/)) if (word.length >= MIN_WORD) parts.add(word);
      if (parts.size >= MAX_PARTS) break;
    }
    for (const part of [...parts].slice(0, MAX_PARTS)) this.add(part);
  }

  /**
   * Prints `text` as it is from now on: an emulator's keys are its fixture's test data, printed on
   * purpose for the person who started it, also when EMCTL_API_KEY already holds one of them (a
   * start line `export EMCTL_API_KEY=[REDACTED]` cannot be pasted).
   */
  forget(text: string): void {
    if (!this.secrets.delete(text.trim())) return;
    this.spellings = [...new Set([...this.secrets].flatMap(spellingsOf))].sort((a, b) => b.length - a.length);
  }

  /** `text` with every spelling of every secret replaced. */
  redact(text: string): string {
    let out = text;
    for (const spelling of this.spellings) if (out.includes(spelling)) out = out.split(spelling).join(REDACTED);
    return out;
  }

  /** Whether `text` holds a secret (so a writer can say that what it wrote was redacted). */
  holds(text: string): boolean {
    return this.spellings.some((s) => text.includes(s));
  }
}

/** A stream that writes everything through `redactor` (isTTY kept: colour and prompts still see the terminal). */
export function redactingStream<S extends { write(chunk: string): unknown; isTTY?: boolean }>(stream: S, redactor: Redactor): S {
  const wrapped = Object.create(stream) as S;
  wrapped.write = (chunk: string) => stream.write(redactor.redact(String(chunk)));
  return wrapped;
}

/**
 * A secret as output may spell it: as printed, as JSON output escapes it, as a URL carries it (percent-encoded), as a URL's
 * host name shows it (lower case: `http://KEY.example.com` is printed as the parser keeps it),
 * and as the escaping of each output format would print it: Markdown's backslashes (a key
 * with `_` in a pull-request comment), HTML's entities, a CSV cell's and a YAML single-quoted
 * scalar's doubled quotes.
 */
function spellingsOf(plain: string): string[] {
  return [
    plain,
    JSON.stringify(plain).slice(1, -1),
    encodeURIComponent(plain),
    encodeURI(plain),
    plain.toLowerCase(),
    plain.replace(/[\\`*_[\]<>|#]/g, (c) => `\\${c}`),
    plain.replace(/[&<>"']/g, (c) => HTML_ENTITIES[c] ?? c),
    plain.replaceAll('"', '""'),
    plain.replaceAll("'", "''"),
  ];
}
