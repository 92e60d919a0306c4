// The one output-side redaction layer (DESIGN 8): every byte emctl prints or writes for a user
// (stdout, stderr with commander's own messages and the -v request log, plan files, exports,
// measurement outputs, apply journals) passes through the run's Redactor, which replaces each
// secret of the run with [REDACTED]. Data is never redacted: a plan is built from answers exactly
// as the service sent them, and only its text is redacted on the way out.
//
// The redactor of a run is reached through AsyncLocalStorage rather than a parameter because the
// writers are many and far apart (the journal deep in apply, the atomic file writer every command
// uses); each writer asking for "the run's redactor" cannot forget a call site, and runs in one
// process (tests, embedding callers) each see their own secrets only.

import { AsyncLocalStorage } from 'node:async_hooks';

const HTML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** What stands where the key was. */
export const REDACTED = '[REDACTED]';

/** The secrets of one run and their spellings in output, replaced longest first. */
export class Redactor {
  private spellings: string[] = [];
  /**
   * Key files read at the run's start, by path, for the connection (a pipe can be read only once):
   * their bytes, or undefined when a file held more than a key file may.
   */
  readonly keyFiles = new Map<string, Buffer | undefined>();

  /** Takes `secret` out of everything written from now on ("" and blanks are no secret). */
  add(secret: string | undefined): void {
    const plain = secret?.trim();
    if (!plain) return;
    // As printed, as JSON output escapes it, as a URL carries it (percent-encoded), as a URL's
    // host name shows it (lower case: `http://KEY.example.com` is printed as the parser keeps it),
    // and as the escaping of each output format would print it: Markdown's backslashes (a key
    // with `_` in a pull-request comment), HTML's entities, a CSV cell's and a YAML single-quoted
    // scalar's doubled quotes.
    const forms = [
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
    this.spellings = [...new Set([...this.spellings, ...forms])].sort((a, b) => b.length - a.length);
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

const runRedactor = new AsyncLocalStorage<Redactor>();

/** Runs `body` with `redactor` as the redactor every writer below it uses. */
export function withRedactor<T>(redactor: Redactor, body: () => T): T {
  return runRedactor.run(redactor, body);
}

/** The redactor of the run this call belongs to (none outside a run: nothing to redact). */
export function currentRedactor(): Redactor | undefined {
  return runRedactor.getStore();
}

/** `text` as it may leave emctl. */
export function redactOutput(text: string): string {
  return runRedactor.getStore()?.redact(text) ?? text;
}

/** A stream that writes everything through `redactor` (isTTY kept: colour and prompts still see the terminal). */
export function redactingStream<S extends { write(chunk: string): unknown; isTTY?: boolean }>(stream: S, redactor: Redactor): S {
  const wrapped = Object.create(stream) as S;
  wrapped.write = (chunk: string) => stream.write(redactor.redact(String(chunk)));
  return wrapped;
}
