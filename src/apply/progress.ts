// The progress line of a long apply: "applying 12/40 operations", rewritten in place with `\r` on an
// interactive stderr, and nothing at all when stderr is a pipe or a file (CI logs stay clean).

/** Where text goes (stderr in the CLI); declared here so that apply/ needs nothing from the CLI. */
export interface TextSink {
  write(chunk: string): unknown;
  /** True when the stream is an interactive terminal (the progress line is shown only then). */
  isTTY?: boolean;
}

/** Below this many operations an apply is over before a progress line would help. */
export const PROGRESS_MIN_OPERATIONS = 5;

export interface Progress {
  update(done: number, total: number): void;
  /** Erases the line so that what is printed next starts at column 0. */
  finish(): void;
}

const NO_PROGRESS: Progress = { update() {}, finish() {} };

export function progressLine(stream: TextSink, total: number): Progress {
  if (!stream.isTTY || total < PROGRESS_MIN_OPERATIONS) return NO_PROGRESS;
  let shown = false;
  let width = 0;
  return {
    update(done, all) {
      const text = `applying ${done}/${all} operations`;
      width = Math.max(width, text.length);
      stream.write(`\r${text.padEnd(width)}`);
      shown = true;
    },
    finish() {
      if (shown) stream.write(`\r${' '.repeat(width)}\r`);
      shown = false;
    },
  };
}
