// The steps plan, apply and drift share around the plan engine (src/plan/): the config loaded, and
// with --changed-from compared with the config at the ref, before any request (an invalid config
// or a bad ref sends nothing); then the plan made through the workflow's own connection, its reads
// on the progress line.

import { loadConfigAtRef } from '../config/at-git-ref.js';
import { configPathIn, loadConfigOrThrow } from '../config/index.js';
import { changedObjects } from '../core/changed-objects.js';
import type { DesiredConfig } from '../core/model.js';
import { makePlan, type MadePlan } from '../plan/make.js';
import type { ChangedFrom, RequestedScope } from '../plan/scope.js';
import type { StateClient } from '../state/live-reader.js';
import { configChecks } from './config-checks.js';
import type { Connection } from './connect.js';
import { shownPath } from '../output/paths.js';
import { nowOf, type WorkflowIO } from './io.js';

/**
 * Loads and validates the config (`-c PATH`); every problem comes back at once as one
 * EmctlError('config'). With --changed-from REF, also the objects whose desired state differs
 * between the config at the ref and now.
 */
export async function loadDesired(io: WorkflowIO, given: string | undefined, changedFrom?: string): Promise<{ config: DesiredConfig; changed?: ChangedFrom }> {
  const path = configPathIn(io.cwd, given);
  const checks = configChecks(nowOf(io));
  const config = await loadConfigOrThrow(path, checks, (file) => shownPath(io.cwd, file));
  if (changedFrom === undefined) return { config };
  const before = await loadConfigAtRef(path, changedFrom, checks);
  return { config, changed: { ref: changedFrom, changes: changedObjects(before, config) } };
}

/** The plan of `desired` for `asked`, read through `connection` (through `client` when given: drift's read-only one). */
export function planThrough(connection: Connection, io: WorkflowIO, desired: DesiredConfig, asked: RequestedScope, client: StateClient = connection.client): Promise<MadePlan> {
  const source = { client, perRoute: connection.concurrency, observer: connection.progress };
  return connection.reading(() => makePlan(desired, source, asked, nowOf(io), { service: connection.service, cwd: io.cwd }));
}
