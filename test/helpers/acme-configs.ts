// Configs in sync with the Acme example organization (examples/acme/emulator.yaml), shared by the
// plan, drift and CLI tests. One base, written the way the live state reads (ids where the service
// gives ids), and one variant that names the same objects the way a person would write them.

/**
 * The tracker (integration 10) and its selection set of boards, given as YAML list items (the
 * selected ones live by default), on lines 1 to 6. Top-level sections can be appended to it.
 */
export function acmeSelection(boards = '"101", "102", "103", "104", "107", "108"'): string {
  return `version: 1\nintegrations:\n  tracker: { id: 10 }\ncollection:\n  tracker:\n    boards: [${boards}]\n`;
}

/**
 * Team 42's PM scope on the tracker as it is live, with `boards` (YAML list items) in place of its
 * one board; appended to acmeSelection(), its boards are on line 12. Team 42's git: can follow it.
 */
export function acmeTeam42Pm(boards = '"101"'): string {
  return `teams:
  42:
    pm:
      tracker:
        methodology: Scrum
        boards: [${boards}]
        epics: ["EP-7"]
        labels: ["backend"]
        fields: [{ id: customfield_1, value: [Payments] }]
`;
}

/** In sync with the example organization: repositories by id, no team name, no repository override. */
export const ACME_IN_SYNC = `${acmeSelection()}${acmeTeam42Pm()}    git:
      repositories: [1201, 1234]
      services: [7]
git:
  defaults:
    active_branches_duration: { days: 14 }
`;

/** `from` replaced by `to`, exactly once: a derivation that silently missed would test nothing new. */
function replaceOnce(text: string, from: string, to: string): string {
  const at = text.indexOf(from);
  if (at < 0 || text.indexOf(from, at + 1) >= 0) throw new Error(`test/helpers/acme-configs.ts: "${from}" is not in the base config exactly once`);
  return text.slice(0, at) + to + text.slice(at + from.length);
}

/**
 * Also in sync, and managing more: team 42's name, its repositories by name rather than by id, and
 * acme/api's repository override (as it is live). Top-level sections (drift:, safety:) can be
 * appended to it.
 */
export const ACME_IN_SYNC_NAMED =
  replaceOnce(
    replaceOnce(ACME_IN_SYNC, '  42:\n    pm:\n', '  42:\n    name: Payments\n    pm:\n'),
    'repositories: [1201, 1234]',
    'repositories: [acme/api, acme/payments-service]',
  ) +
  `  repositories:
    acme/api:
      settings:
        default_branch: { branch_name: main }
`;

/**
 * A config that manages team 42's PM scope on the tracker (integration 10): each of `keys` is one
 * line under `tracker:`, such as `labels: [backend]`. Top-level sections can be appended to it.
 */
export function team42OnTracker(...keys: string[]): string {
  return `version: 1\nintegrations:\n  tracker: { id: 10 }\nteams:\n  42:\n    pm:\n      tracker:\n${keys.map((key) => `        ${key}\n`).join('')}`;
}
