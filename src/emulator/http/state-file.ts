// --state (DESIGN 4): changes run one at a time, each persisted (tmp file, fsync, rename) before it
// is answered, so nothing acknowledged is lost; a change whose write fails is rolled back to the
// state last written and answered 503, so nothing unacknowledged sticks; the next change writes
// the whole state again. Without --state, every request runs at once and nothing is written.

import { mkdir, open, readdir, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { refused } from '../route/reply.js';
import type { EmulatorStore, StateFile } from '../store.js';

/** Writes `text` to `path` so that the file always holds a whole state: tmp file, fsync, rename. */
async function writeAtomically(path: string, text: string, tmp: string): Promise<void> {
  const handle = await open(tmp, 'w');
  try {
    await handle.writeFile(text, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await rename(tmp, path);
  } catch (error) {
    await unlink(tmp).catch(() => {});
    throw error;
  }
  // The rename itself is durable once the directory is synced (not every platform allows it).
  const dir = await open(dirname(path), 'r').catch(() => undefined);
  if (dir) await dir.sync().catch(() => {}).finally(() => dir.close());
}

/** Removes `<state>.*.tmp` files that a killed emulator left behind. */
async function removeOrphanTmpFiles(path: string): Promise<void> {
  const prefix = `${basename(path)}.`;
  const names = await readdir(dirname(path)).catch(() => [] as string[]);
  for (const name of names) {
    if (name.startsWith(prefix) && name.endsWith('.tmp')) await unlink(join(dirname(path), name)).catch(() => {});
  }
}

export class StateFileWriter {
  /** Changes run one after another: handler, then the state write, then the answer. */
  private changes: Promise<void> = Promise.resolve();
  /** The state as last written to --state: what a change whose write failed is rolled back to. */
  private persisted: StateFile | undefined;
  private tmpCounter = 0;

  private constructor(
    private readonly store: EmulatorStore,
    private readonly path: string | undefined,
  ) {}

  /**
   * Gets `path` ready before the server listens: its directory is made (a start that cannot make
   * it fails here, rather than a server that refuses every change) and tmp files a killed
   * emulator left are removed. No path: nothing is ever written.
   */
  static async open(store: EmulatorStore, path: string | undefined): Promise<StateFileWriter> {
    const writer = new StateFileWriter(store, path);
    if (path) {
      await mkdir(dirname(path), { recursive: true });
      await removeOrphanTmpFiles(path);
      writer.persisted = store.toStateFile();
    }
    return writer;
  }

  /** Runs a request's route: a read at once; with --state, a change after every change before it has been answered. */
  run<T>(method: string, work: () => Promise<T>): Promise<T> {
    if (method === 'GET' || !this.path) return work();
    const run = this.changes.then(work, work);
    this.changes = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }

  /** Persists the whole state; on failure restores the last persisted state and throws a 503. */
  async saveOrRollBack(): Promise<void> {
    const path = this.path;
    if (!path) return;
    const file = this.store.toStateFile();
    try {
      await writeAtomically(path, JSON.stringify(file), `${path}.${process.pid}.${++this.tmpCounter}.tmp`);
      this.persisted = file;
    } catch (error) {
      if (this.persisted) this.store.restore(this.persisted);
      const why = (error as NodeJS.ErrnoException).code ?? String(error);
      throw refused(503, `the change could not be saved (${why}) and was rolled back; retry later`);
    }
  }

  /** Resolves once every change under way has been answered (saved or rolled back). */
  settled(): Promise<void> {
    return this.changes;
  }
}
