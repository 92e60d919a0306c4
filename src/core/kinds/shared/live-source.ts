// Which read showed the live value a change starts from, said by the change's kind from its own
// address (kind.ts liveSource). The plan's read records (src/plan/read-records.ts) look it up in
// what the run's reads recorded (core/reads/sources.ts), so a saved plan names the call behind each
// live value it changes.

/** The read behind a change's live value. */
export type LiveSource =
  /** The entity list page that held one entity of a selection set. */
  | { readonly from: 'entity list'; readonly integration: string; readonly type: string; readonly entity: string }
  /** A team's PM scope read (its keys and methodology), or its Git scope read. */
  | { readonly from: 'team PM scope' | 'team Git scope'; readonly teamId: number }
  | { readonly from: 'org configuration' }
  /** A repository's configuration read, or the repository list page (or lookup) that held it. */
  | { readonly from: 'repository configuration' | 'repository list'; readonly repo: string };

/** The id of the team an address lies under, when the address names the team by id (`team[42].pm...`). */
export function teamIdIn(address: string): number | undefined {
  const id = /^team\[(\d+)\]/.exec(address)?.[1];
  return id === undefined ? undefined : Number(id);
}

/** A repository's address (`repo["acme/api"]`, `repo[1234]`) followed by `.settings` or `.monitored`. */
const UNDER_REPOSITORY = {
  settings: /^(repo\[(?:\d+|".*")\])\.settings(?:\.|$)/,
  monitored: /^(repo\[(?:\d+|".*")\])\.monitored(?:\.|$)/,
} as const;

/** The repository an address lies under, as addressed (`repo["acme/api"]`, `repo[1234]`), when its object is `.settings` or `.monitored`. */
export function repositoryIn(address: string, object: keyof typeof UNDER_REPOSITORY): string | undefined {
  return UNDER_REPOSITORY[object].exec(address)?.[1];
}
