#!/usr/bin/env node
// The `emctl` executable: wires the process to runCli.

import { createInterface } from 'node:readline';
import { runCli } from './main.js';
import type { CliIO } from './io.js';

let lines: AsyncIterableIterator<string> | undefined;

const io: CliIO = {
  stdout: process.stdout,
  stderr: process.stderr,
  stdin: {
    isTTY: process.stdin.isTTY,
    async readLine() {
      lines ??= createInterface({ input: process.stdin })[Symbol.asyncIterator]();
      const next = await lines.next();
      return next.done ? undefined : next.value;
    },
  },
  env: process.env,
  cwd: process.cwd(),
  onInterrupt(handler) {
    process.on('SIGINT', handler);
    return () => process.off('SIGINT', handler);
  },
};

const code = await runCli(process.argv.slice(2), io);
process.exitCode = code;
