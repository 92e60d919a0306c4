// The CLI's view of the outside world, passed in so that tests run the real CLI in-process
// with captured output and a chosen environment.

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

export interface CliIO {
  stdout: OutputStream;
  stderr: OutputStream;
  stdin: InputStream;
  env: Record<string, string | undefined>;
  cwd: string;
  /** Registers a handler for Ctrl-C; returns a function that removes it. */
  onInterrupt?(handler: () => void): () => void;
}
