// The fields an answer echoes back from its request, checked against what was asked (DESIGN 8).
// A shape can be right and the answer still be about something else: a scope read for team 42
// answered with team 41's scope (a proxy cache, a service bug) would be planned as team 42's, and
// its writes would then undo team 41's settings on team 42. Semantic checks like this need the
// request, so they live beside the shapes (shapes.ts), taking the request's route, path and body.

import type { MeasurementElement, MeasurementsBody } from '../contract/measurement-types.js';
import { measurementAnswerProblem } from './measurement-answers.js';
import { MEASUREMENTS_ROUTE } from './requests-measurements.js';

/** Path parameters whose value an answer repeats, and the field it repeats them in. */
const ECHOED_PARAMETERS: Readonly<Record<string, string>> = { team_id: 'team_id', repo_id: 'repository_id' };

/** Routes whose `items` list one entry per integration: the same integration twice is not one scope. */
const ONE_ITEM_PER_INTEGRATION = new Set(['GET /api/v1/pm/config/teams/{team_id}/scope']);

/**
 * The first field of a shape-checked 200 `body` that contradicts the request (`route` is the
 * method and path template, `path` what was sent, `sent` its body), in words naming the field;
 * undefined when none.
 */
export function echoedFieldProblem(route: string, path: string, body: unknown, sent?: unknown): string | undefined {
  if (route === MEASUREMENTS_ROUTE && Array.isArray(body) && sent !== undefined) {
    return measurementAnswerProblem(sent as MeasurementsBody, body as MeasurementElement[], { everyBucket: true });
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const record = body as Record<string, unknown>;
  for (const [parameter, sent] of pathParameters(route, path)) {
    const field = ECHOED_PARAMETERS[parameter];
    if (field === undefined || !Object.hasOwn(record, field)) continue;
    const asked = Number(sent);
    if (record[field] !== asked) return `field ${field} is ${JSON.stringify(record[field])}, the request asked for ${asked}`;
  }
  if (ONE_ITEM_PER_INTEGRATION.has(route) && Array.isArray(record.items)) return repeatedIntegration(record.items) ?? integrationsAnswered(path, record.items);
  return undefined;
}

/**
 * With `integration_ids` asked, one item per id asked, and none other: an answer whose `items`
 * left one out would be planned as an empty scope (and a write of the whole scope would follow),
 * and an item of an integration not asked is about something else. Without the parameter the service answers every
 * PM integration, which the request cannot check.
 */
function integrationsAnswered(path: string, items: readonly unknown[]): string | undefined {
  const query = new URLSearchParams(path.split('?')[1] ?? '');
  const asked = query.get('integration_ids');
  if (asked === null || asked === '') return undefined;
  const wanted = new Set(asked.split(',').map((id) => Number(id)));
  const answered = new Set<unknown>();
  for (let i = 0; i < items.length; i++) {
    const id = (items[i] as { integration_id?: unknown } | null)?.integration_id;
    if (!wanted.has(id as number)) return `field items[${i}].integration_id is ${JSON.stringify(id)}, an integration the request did not ask for (it asked for ${asked})`;
    answered.add(id);
  }
  const missing = [...wanted].filter((id) => !answered.has(id));
  if (missing.length === 0) return undefined;
  return `field items has no entry for integration${missing.length === 1 ? '' : 's'} ${missing.join(', ')}, which the request asked for (a scope the service holds is never left out; an unscoped team is \`scope: {}\`)`;
}

/** `items[i].integration_id` equal to an earlier item's, if any (a Map: one pass over the list). */
function repeatedIntegration(items: readonly unknown[]): string | undefined {
  const first = new Map<unknown, number>();
  for (let i = 0; i < items.length; i++) {
    const id = (items[i] as { integration_id?: unknown } | null)?.integration_id;
    const earlier = first.get(id);
    if (earlier !== undefined) return `field items[${i}].integration_id repeats integration ${JSON.stringify(id)} of items[${earlier}]`;
    first.set(id, i);
  }
  return undefined;
}

/** The `{name}` segments of `route`'s template paired with the segments `path` has there. */
function pathParameters(route: string, path: string): [string, string][] {
  const template = (route.split(' ')[1] ?? '').split('/');
  const sent = (path.split('?')[0] ?? '').split('/');
  const out: [string, string][] = [];
  for (let i = 0; i < template.length; i++) {
    const name = /^\{(\w+)\}$/.exec(template[i] ?? '')?.[1];
    if (name !== undefined && sent[i] !== undefined) out.push([name, decoded(sent[i] ?? '')]);
  }
  return out;
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
