// What a workflow sees of the outside world, passed in so that tests run the real commands
// in-process with captured output, a chosen environment and a fake clock.

import type { Redactor } from '../output/redaction.js';

export interface OutputStream {
  write(chunk: string): unknown;
  /** True when the stream is an interactive terminal (progress lines, colour, prompts). */
  isTTY?: boolean;
}

export interface InputStream {
  isTTY?: boolean;
  /** Reads one line (for confirmation prompts); undefined at end of input. */
  readLine?(): Promise<string | undefined>;
}

/**
 * Why a workflow ends the process at once: Ctrl-C during a read (nothing was written), or a second
 * Ctrl-C during an apply, which abandons the writes in flight (the journal has them).
 */
export type StopReason = 'interrupted' | 'abandoned';

export interface WorkflowIO {
  stdout: OutputStream;
  stderr: OutputStream;
  stdin: InputStream;
  env: Record<string, string | undefined>;
  cwd: string;
  /** The clock: "now" for plan stamps and measurement windows; the system clock when absent. */
  now?(): Date;
  /** Registers a handler for Ctrl-C; returns a function that removes it. */
  onInterrupt?(handler: () => void): () => void;
  /** Ends the process at once, without unwinding: the CLI picks the exit code for `why`. */
  exitNow?(why: StopReason): void;
  /**
   * The run's redactor (the command line makes one per run; stdout and stderr already write through
   * it): the connection adds the key it resolves, and every file emctl writes goes through it.
   * Absent, nothing is redacted.
   */
  redactor?: Redactor;
  /**
   * --api-key-file read once at the run's start (a pipe can be read only once), by absolute path:
   * its bytes, or undefined when it held more than a key file may.
   */
  keyFiles?: ReadonlyMap<string, Buffer | undefined>;
}

/** "Now" by the io's clock, or the system's when it has none. */
export function nowOf(io: Pick<WorkflowIO, 'now'>): Date {
  return io.now?.() ?? new Date();
}

/**
 * Asks `prompt` on the terminal: true only on the exact answer "yes" (Terraform's rule: a stray
 * Enter never says yes), false on anything else, end of input or Ctrl-C (a "no", not a death by
 * signal); undefined without a terminal, where nobody can answer.
 */
export async function answeredYes(io: WorkflowIO, prompt: string): Promise<boolean | undefined> {
  if (!io.stdin.isTTY || !io.stdin.readLine) return undefined;
  io.stdout.write(`\n${prompt}`);
  let removeInterrupt: (() => void) | undefined;
  const interrupted = new Promise<undefined>((resolve) => {
    removeInterrupt = io.onInterrupt?.(() => {
      io.stdout.write('\n');
      resolve(undefined);
    });
  });
  try {
    const answer = await Promise.race([io.stdin.readLine(), interrupted]);
    return answer?.trim() === 'yes';
  } finally {
    removeInterrupt?.();
  }
}
