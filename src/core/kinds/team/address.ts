// A team's address form beyond its key (`team[42]`, kinds/shared/addresses.ts): its own
// properties, each addressed under the team (its member set and its scopes are other kinds').

/** The properties a team entry may write, each addressed under the team (`team[42].parent`). */
export const TEAM_PROPERTIES = ['name', 'parent', 'initials', 'color'] as const;
