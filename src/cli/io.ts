// The process's streams as the executable hands them to the workflows (src/workflows/io.ts):
// prompts read line by line, and output to a closed pipe dropped.

import { createInterface, type Interface } from 'node:readline';

/** A line reader over a byte stream, for prompts; close() lets go of the stream. */
export interface LineReader {
  readLine(): Promise<string | undefined>;
  /**
   * Stops reading. Until then the stream stays open, and an open stdin keeps the process alive
   * after its work is done (an apply confirmed with "yes" would never exit).
   */
  close(): void;
}

/** Reads `input` line by line, starting only at the first readLine (most runs never prompt). */
export function lineReader(input: NodeJS.ReadableStream): LineReader {
  let lines: AsyncIterableIterator<string> | undefined;
  let rl: Interface | undefined;
  let closed = false;
  return {
    async readLine() {
      if (closed) return undefined;
      rl ??= createInterface({ input });
      lines ??= rl[Symbol.asyncIterator]();
      const next = await lines.next();
      return next.done ? undefined : next.value;
    },
    close() {
      closed = true;
      rl?.close();
    },
  };
}

/**
 * `emctl plan | head`: once the reader goes away, writes fail with EPIPE. That is no reason to
 * crash with a stack trace, nor to abandon an apply half-way (the journal still records it all),
 * so output to a closed pipe is dropped and the command runs to its end.
 */
export function dropWritesToClosedPipe(stream: NodeJS.EventEmitter): void {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE' || error.code === 'ERR_STREAM_DESTROYED') return;
    throw error;
  });
}
