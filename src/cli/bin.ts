#!/usr/bin/env node
// The `emctl` executable: wires the process to runCliLazy (only the command run is loaded).

import { runCliLazy } from './lazy.js';
import { dropWritesToClosedPipe, lineReader, type CliIO } from './io.js';

const stdin = lineReader(process.stdin);
dropWritesToClosedPipe(process.stdout);
dropWritesToClosedPipe(process.stderr);

const io: CliIO = {
  stdout: process.stdout,
  stderr: process.stderr,
  stdin: { isTTY: process.stdin.isTTY, readLine: () => stdin.readLine() },
  env: process.env,
  cwd: process.cwd(),
  onInterrupt(handler) {
    process.on('SIGINT', handler);
    return () => process.off('SIGINT', handler);
  },
  exitNow(code) {
    process.exit(code);
  },
};

try {
  process.exitCode = await runCliLazy(process.argv.slice(2), io);
} finally {
  // A prompt left stdin open; released, the process ends as soon as its output is written.
  stdin.close();
}
