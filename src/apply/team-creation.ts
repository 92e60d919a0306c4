// The teams an apply creates (DESIGN 14): the ids their creation gives, put in place of the
// placeholders in every later call that names them (scopes, members), and a create whose answer
// was lost resolved without creating twice: the names are looked up in the team list first and
// only the ones not there are sent again.

import { teamNameKey } from '../contract/team-rules.js';
import type { ListedTeam } from '../contract/list-types.js';
import type { TeamBody } from '../core/kinds/team/target.js';
import { withCreatedTeamIds } from '../core/kinds/shared/new-team-ids.js';
import type { Operation } from '../core/plan-model.js';

export const CREATE_ROUTE = 'POST /api/v2/teams';

/** A team this apply created: where the config writes it, its name and the id it got. */
export interface CreatedTeam {
  address: string;
  name: string;
  id: number;
}

export class TeamCreation {
  /** Placeholder -> the id the creation gave. */
  private readonly ids = new Map<number, number>();
  readonly created: CreatedTeam[] = [];

  /** `lookup` reads the team list (a lost create answer is resolved by it). */
  constructor(readonly lookup: () => Promise<ListedTeam[]>) {}

  /** The call with the ids of the teams created so far in place of their placeholders. */
  prepare(op: Operation): Operation {
    return withCreatedTeamIds(op, this.ids);
  }

  /**
   * Records what a create call's answer says (`{teams: [...]}` or a bare list, in the order sent):
   * each team sent is matched by name. Undefined when it holds every team sent, else what is missing.
   */
  answered(op: Operation, sent: readonly TeamBody[], answer: unknown): string | undefined {
    const list = Array.isArray(answer) ? answer : isRecord(answer) && Array.isArray(answer.teams) ? answer.teams : undefined;
    if (list === undefined) return 'the answer holds no `teams` list';
    const byName = new Map<string, number>();
    for (const t of list) if (isRecord(t) && typeof t.id === 'number' && typeof t.name === 'string') byName.set(teamNameKey(t.name), t.id);
    const missing = sent.filter((b) => !byName.has(teamNameKey(b.name ?? '')));
    this.record(op, sent, byName);
    return missing.length === 0 ? undefined : `the answer does not name ${missing.map((b) => `"${b.name ?? ''}"`).join(', ')}`;
  }

  /**
   * After a lost answer: which of the teams sent the service lists now (created by the lost call),
   * recorded as created; returns the ones still to send.
   */
  async settleLost(op: Operation, sent: readonly TeamBody[]): Promise<TeamBody[]> {
    const listed = await this.lookup();
    const byName = new Map(listed.map((t) => [teamNameKey(t.name), t.id] as const));
    this.record(op, sent, byName);
    return sent.filter((b) => !byName.has(teamNameKey(b.name ?? '')));
  }

  /** The address of each team sent, by the op's items (one per team, in body order). */
  addressesOf(op: Operation, sent: readonly TeamBody[]): string[] {
    const all = (op.body as TeamBody[] | undefined) ?? [];
    const index = new Map(all.map((b, i) => [teamNameKey(b.name ?? ''), i] as const));
    return sent.map((b) => op.items?.[index.get(teamNameKey(b.name ?? '')) ?? -1]?.address ?? '');
  }

  private record(op: Operation, sent: readonly TeamBody[], byName: ReadonlyMap<string, number>): void {
    const all = (op.body as TeamBody[] | undefined) ?? [];
    const itemOf = new Map(all.map((b, i) => [teamNameKey(b.name ?? ''), op.items?.[i]] as const));
    for (const b of sent) {
      const key = teamNameKey(b.name ?? '');
      const id = byName.get(key);
      const item = itemOf.get(key);
      if (id === undefined || item === undefined || this.ids.has(Number(item.key))) continue;
      this.ids.set(Number(item.key), id);
      this.created.push({ address: item.address, name: b.name ?? '', id });
    }
  }
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
