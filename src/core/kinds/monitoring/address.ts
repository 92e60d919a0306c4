// The monitoring kind's address form (below the repository's, kinds/shared/addresses.ts).

/** `repo["acme/api"].monitored`. */
export function monitoredAddress(repo: string): string {
  return `${repo}.monitored`;
}
