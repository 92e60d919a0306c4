// A file read up to a cap, for inputs that may be pipes or devices (a config from /dev/stdin, a
// key file from `<(pass key)`): the size a stat reports means nothing there.

import { open } from 'node:fs/promises';

/** Reads at most `cap` bytes; undefined when there is more (the rest is never read). */
export async function readBounded(path: string, cap: number): Promise<Buffer | undefined> {
  const handle = await open(path, 'r');
  try {
    const chunks: Buffer[] = [];
    let total = 0;
    while (true) {
      const want = Math.min(1024 * 1024, cap + 1 - total);
      const chunk = Buffer.allocUnsafe(want);
      const { bytesRead } = await handle.read(chunk, 0, want, null);
      if (bytesRead === 0) break;
      chunks.push(bytesRead === want ? chunk : chunk.subarray(0, bytesRead));
      total += bytesRead;
      if (total > cap) return undefined;
    }
    return Buffer.concat(chunks, total);
  } finally {
    await handle.close();
  }
}
