// Which service a run talks to, and with which key: --emulator starts one in this process (its
// fixture's first key is the one to use); else the --base-url, checked, and the key from
// --api-key-file or EMCTL_API_KEY (never a flag value or the config).

import { existsSync } from 'node:fs';
import { checkBaseUrl } from '../api/base-url.js';
import { EmctlError } from '../contract/errors.js';
import type { RunningEmulator } from '../emulator/index.js';
import { absolutePath } from '../output/paths.js';
import { readKey } from './api-key.js';
import type { WorkflowIO } from './io.js';
import type { GlobalOptions } from './options.js';

export interface Service {
  baseUrl: string;
  /** "" when none was given and none is needed. */
  apiKey: string;
  /** Present when --emulator started one in this process. */
  emulator?: RunningEmulator;
}

const KEY_HELP = 'set EMCTL_API_KEY or pass --api-key-file PATH (a key is never read from a flag value or the config file)';

/** The service of `globals`; with `needKey` false, no key is no error (none is sent). */
export async function serviceFor(globals: GlobalOptions, io: WorkflowIO, needKey: boolean): Promise<Service> {
  if (globals.emulator !== undefined) return startInProcessEmulator(globals.emulator, io.cwd);
  // The key first: a base URL that is wrong may quote it, and its error must not print it.
  const apiKey = (await readKey(globals.apiKeyFile, io)) ?? '';
  io.redactor?.add(apiKey);
  const baseUrl = checkBaseUrl(globals.baseUrl, globals.insecureHttp);
  if (apiKey === '' && needKey) throw new EmctlError('config', `no API key: ${KEY_HELP}`);
  return { baseUrl, apiKey };
}

/** Starts an emulator on a free loopback port, seeded from FIXTURE ("default" = the bundled example). */
async function startInProcessEmulator(fixture: string, cwd: string): Promise<Service> {
  // Loaded only when asked for, so ordinary runs do not pay for the emulator's code.
  const { startEmulator, loadFixtureFile, EXAMPLE_FIXTURE_PATH } = await import('../emulator/index.js');
  const path = fixture === 'default' ? EXAMPLE_FIXTURE_PATH : absolutePath(cwd, fixture);
  if (!existsSync(path)) {
    throw new EmctlError('config', `--emulator ${fixture}: no such fixture file (${path}); --emulator default runs the bundled example organization, and "emctl export --fixture" writes one of a live organization`);
  }
  const loaded = await loadFixtureFile(path);
  const key = loaded.api_keys?.[0];
  if (!key) throw new EmctlError('config', `the emulator fixture ${fixture} lists no api_keys; add one so emctl can call it`);
  const emulator = await startEmulator({ fixture: loaded, port: 0, host: '127.0.0.1' });
  return { baseUrl: emulator.url, apiKey: key, emulator };
}
