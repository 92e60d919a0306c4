// What a team change carries from the team kind's diff to its calls and to apply (which sends the
// bodies, naming parents by the names they have at the time of the call).

/** The body of a team in the create call, or of one team's PATCH (only what changes). */
export interface TeamBody {
  name?: string;
  /** The parent's name at the time of the call; null = the top. */
  parent_team?: string | null;
  initials?: string;
  color?: string;
}

/** What a team change carries to the operation planner. */
export interface TeamTarget {
  kind: 'team';
  /** The team's id; below 0 for a team this plan creates. */
  id: number;
  action: 'create' | 'update' | 'delete';
  /** The team's name once the call is made (a delete: its name now). */
  name: string;
  /** create: the team as sent; update: the whole PATCH of the team (shared by its property changes). */
  body?: TeamBody;
  /** Order within the team calls: the creation level, the place in the move order, or children before parents. */
  step: number;
  /** A delete: the teams under it that this plan deletes too (they go first). */
  children?: number[];
}
