// Numeric ids are decimal integers from 1 to 2^53-1 (DESIGN 8). Past that a JavaScript number
// rounds (team 9007199254740993 became ...992), so such an id, kept as text by the readers
// (config/yaml/scalars.ts), is refused where it is written: as a team or repository key, or as a
// repository id in a team's Git scope (where an integer past the limit would otherwise be read as a
// repository name).

import type { Path } from '../describe.js';
import { keysOf, listOf, mapOf, type CheckContext } from './context.js';

const DIGITS = /^[0-9]+$/;

function tooLarge(value: unknown): value is string {
  return typeof value === 'string' && DIGITS.test(value) && !Number.isSafeInteger(Number(value));
}

const message = (id: string) => `id ${id} is larger than 2^53-1 (9007199254740991), the largest id emctl reads exactly`;

export function checkIds(ctx: CheckContext): void {
  const teams = mapOf(ctx.doc.teams);
  // forEach over the key lists, not for-of: see keysOf.
  keysOf(teams).forEach((key) => {
    if (tooLarge(key)) ctx.error(['teams', key], message(key), { onKey: true });
    const repositories = listOf(mapOf(mapOf(teams?.[key])?.git)?.repositories);
    repositories.forEach((item, i) => {
      if (tooLarge(item)) ctx.error(['teams', key, 'git', 'repositories', i] as Path, message(item));
    });
  });
  keysOf(mapOf(mapOf(ctx.doc.git)?.repositories)).forEach((key) => {
    if (tooLarge(key)) ctx.error(['git', 'repositories', key], message(key), { onKey: true });
  });
}
