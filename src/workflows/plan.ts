// `emctl plan`: what apply would change, read-only. Addresses given to --target / --exclude are
// checked before anything is read (syntax) and after (each must name something); the plan is
// shown, its warnings reported, and saved when asked. A plan the service would refuse is an error.

import { EmctlError } from '../contract/errors.js';
import { ADDRESS_SYNTAX, addressSyntaxProblem, knownAddresses, unmatchedAddresses } from '../core/target-check.js';
import type { PlanFormat } from '../render/formats.js';
import type { WorkflowIO } from './io.js';
import type { Dependencies } from './options.js';
import { planFromConfig } from './plan-output.js';
import { refusalError, renderPlanAs, reportMessages, styleFor, writePlanFile } from './plan-render.js';

export interface PlanRequest {
  config?: string;
  out?: string;
  format: PlanFormat;
  target: string[];
  exclude: string[];
  changedFrom?: string;
}

export interface PlanResult {
  changesPending: boolean;
}

export async function planWorkflow(deps: Dependencies, io: WorkflowIO, request: PlanRequest): Promise<PlanResult> {
  const patterns = [
    ...request.target.map((address) => ({ flag: '--target' as const, address })),
    ...request.exclude.map((address) => ({ flag: '--exclude' as const, address })),
  ];
  checkAddressSyntax(patterns);
  const { plan, globals, config, snapshot } = await planFromConfig(deps, io, request.config, {
    targets: request.target,
    excludes: request.exclude,
    ...(request.changedFrom === undefined ? {} : { changedFrom: request.changedFrom }),
  });
  if (patterns.length > 0) checkAddressesExist(patterns, knownAddresses(config, snapshot, plan.changes.map((c) => c.address)));
  io.stdout.write(renderPlanAs(plan, request.format, styleFor(io, globals)));
  reportMessages(io, plan, request.format);
  // A plan the service would refuse cannot be applied, so it is not saved either.
  if (plan.errors.length > 0) throw refusalError(plan, { shownAbove: request.format === 'text' });
  if (request.out !== undefined) {
    await writePlanFile(io, request.out, plan);
    io.stderr.write(`Plan saved to ${request.out}; apply it with: emctl apply ${request.out}\n`);
  }
  return { changesPending: plan.changes.length > 0 };
}

type AddressPattern = { flag: '--target' | '--exclude'; address: string };

/** Before anything is read: every malformed address at once, with the syntax. */
function checkAddressSyntax(patterns: readonly AddressPattern[]): void {
  const bad = patterns.flatMap(({ flag, address }) => {
    const problem = addressSyntaxProblem(address);
    return problem === undefined ? [] : [`${flag} ${JSON.stringify(address)}: ${problem}`];
  });
  if (bad.length === 0) return;
  throw new EmctlError('config', `${bad.length === 1 ? 'an address is' : `${bad.length} addresses are`} not valid (nothing was read)`, [
    ...bad,
    'An address, or a prefix of one at a "." or "[":',
    ...ADDRESS_SYNTAX.map((s) => `  ${s}`),
  ]);
}

/** After the reads: an address naming nothing in the config or live is an error, never "No changes". */
function checkAddressesExist(patterns: readonly AddressPattern[], known: readonly string[]): void {
  const unmatched = unmatchedAddresses(known, patterns);
  if (unmatched.length === 0) return;
  throw new EmctlError(
    'config',
    `${unmatched.length === 1 ? 'an address matches' : `${unmatched.length} addresses match`} nothing in the config or the live state`,
    unmatched.map((u) => `${u.flag} ${u.address}${u.closest.length > 0 ? `: closest: ${u.closest.join(', ')}` : ''}`),
  );
}
