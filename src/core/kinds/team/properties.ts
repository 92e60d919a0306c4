// A team's own properties: what a team entry manages of the team itself, beside its key (its
// member set and its scopes are objects of other kinds).

/** The properties a team entry may write, each addressed under the team (`team[42].parent`). */
export const TEAM_PROPERTIES = ['name', 'parent', 'initials', 'color'] as const;
