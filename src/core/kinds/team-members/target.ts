// What a member-set change carries from its diff to its calls.

export interface MemberTarget {
  kind: 'team-members';
  /** The team's id; below 0 for a team this plan creates. */
  id: number;
  teamName: string;
  action: 'add' | 'remove';
  /** add: the contributor ids added; remove: the one removed. */
  members: number[];
}
