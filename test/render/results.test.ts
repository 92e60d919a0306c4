import { describe, expect, it } from 'vitest';
import { renderApplySummary, renderDriftMarkdown, renderDriftText, type ApplyResult } from '../../src/render/results.js';
import { makeStyle, plainStyle } from '../../src/render/style.js';
import { driftEntry, driftValues } from '../../src/render/drift-entries.js';
import { everyKind, plan } from './fixtures.js';

const applyCases: { name: string; result: ApplyResult; expected: string }[] = [
  {
    name: 'all applied',
    result: {
      applied: [
        { address: 'repo["acme/new"].monitored', operation: 'monitor' },
        { address: 'team[42].git.repositories', operation: 'git-scope-42' },
      ],
      rejected: [],
      skipped: [],
      journalPath: '.emctl/journal/2026-11-21T15-00-00Z.jsonl',
    },
    expected: `Applied 2, rejected 0, skipped 0.
Journal: .emctl/journal/2026-11-21T15-00-00Z.jsonl
`,
  },
  {
    name: 'rejections with and without a code, then what was skipped because of them',
    result: {
      applied: [{ address: 'collection.tracker.boards["103"]', operation: 'select-boards-10' }],
      rejected: [
        { address: 'collection.tracker.boards["101"]', operation: 'select-boards-10', code: 'entity_in_use', message: 'board 101 is used by team 77' },
        { address: 'team[42].pm.tracker.boards', operation: 'pm-scope-42', message: 'HTTP 500 after 5 tries' },
      ],
      skipped: [{ address: 'team[42].git.repositories', reason: 'depends on pm-scope-42, which failed' }],
    },
    expected: `Applied 1, rejected 2, skipped 1.
  rejected collection.tracker.boards["101"]  entity_in_use: board 101 is used by team 77  (select-boards-10)
  rejected team[42].pm.tracker.boards  HTTP 500 after 5 tries  (pm-scope-42)
  skipped  team[42].git.repositories  depends on pm-scope-42, which failed
`,
  },
  {
    name: 'a call refused as a whole, with its detail lines under the address',
    result: {
      applied: [],
      rejected: [
        {
          address: 'team[44].git.repositories',
          operation: 'write the Git scope of team 44',
          message: '401: Unauthorized: invalid API key',
          details: ['the service refused the API key: check EMCTL_API_KEY or the file given to --api-key-file'],
        },
        { address: 'team[45].git.repositories', operation: 'write the Git scope of team 45', code: 'write_failed', message: '400: no repository 7', details: ['id=7: repository_not_found: no repository 7'] },
      ],
      skipped: [],
    },
    expected: `Applied 0, rejected 2, skipped 0.
  rejected team[44].git.repositories  401: Unauthorized: invalid API key  (write the Git scope of team 44)
      the service refused the API key: check EMCTL_API_KEY or the file given to --api-key-file
  rejected team[45].git.repositories  write_failed: 400: no repository 7  (write the Git scope of team 45)
      id=7: repository_not_found: no repository 7
`,
  },
];

describe('renderApplySummary', () => {
  it.each(applyCases)('$name', ({ result, expected }) => {
    expect(renderApplySummary(result, plainStyle)).toBe(expected);
  });

  it('paints the count line by the worst outcome', () => {
    const tagged = makeStyle((format, text) => `<${format}>${text}</${format}>`);
    const skippedOnly: ApplyResult = { applied: [], rejected: [], skipped: [{ address: 'a', reason: 'interrupted' }] };
    expect(renderApplySummary(skippedOnly, tagged)).toBe(`<bold><yellow>Applied 0, rejected 0, skipped 1.</yellow></bold>
  <yellow>skipped</yellow>  a  interrupted
`);
  });
});

describe('drift', () => {
  const drifted = plan({
    changes: everyKind.filter((c) => c.address.startsWith('collection.') || c.address === 'repo["acme/web"].monitored'),
    operations: [],
  });

  it('speaks of drift in text, without API calls', () => {
    expect(renderDriftText(drifted, plainStyle)).toBe(`Collection:
  + collection.tracker.boards["103"] (Checkout board)  [counts-against-limit]
    - live:    not selected
    + desired: selected
  - collection.tracker.boards["101"] (Payments board)  [stops-collection]
    - live:    selected
    + desired: not selected

Monitoring:
  ~ repo["acme/web"].monitored  [backfill]
    - live:    not monitored
    + desired: monitored

Drift: live state differs from the configuration in 3 objects.
`);
  });

  it('says so when there is none', () => {
    expect(renderDriftText(plan(), plainStyle)).toBe('No drift. Live state matches the configuration.\n');
    expect(renderDriftMarkdown(plan())).toBe(`<!-- emctl-drift -->

## emctl drift

**No drift. Live state matches the configuration.**
`);
  });

  it('one object is singular', () => {
    const one = plan({ changes: everyKind.filter((c) => c.address === 'repo["acme/web"].monitored') });
    expect(renderDriftText(one, plainStyle)).toContain('Drift: live state differs from the configuration in 1 object.\n');
  });

  it('speaks of drift in Markdown, with its own marker and truncation note', () => {
    expect(renderDriftMarkdown(drifted)).toBe(`<!-- emctl-drift -->

## emctl drift

**Live state differs from the configuration in 3 objects.**

| Object kind | Add | Change | Remove |
| --- | ---: | ---: | ---: |
| Collection | 1 | 0 | 1 |
| Monitoring | 0 | 1 | 0 |
| **Total** | **1** | **1** | **1** |

<details><summary>Collection: 1 to add, 1 to remove</summary>

\`\`\`diff
+ collection.tracker.boards["103"] (Checkout board)  [counts-against-limit]
-   live:    not selected
+   desired: selected
- collection.tracker.boards["101"] (Payments board)  [stops-collection]
-   live:    selected
+   desired: not selected
\`\`\`

</details>

<details><summary>Monitoring: 1 to change</summary>

\`\`\`diff
! repo["acme/web"].monitored  [backfill]
-   live:    not monitored
+   desired: monitored
\`\`\`

</details>
`);
    const cut = renderDriftMarkdown(drifted, { maxChars: 650 });
    expect(cut.length).toBeLessThanOrEqual(650);
    expect(cut).toMatch(/_\.\.\. \d more changes not shown; run `emctl drift` for the full report\._\n$/);
  });
});

describe('driftValues: the live value and the desired one, in words where null or true say little', () => {
  const base = { action: 'update' as const, impacts: [] };
  it.each([
    { name: 'a selection added', change: { ...base, address: 'a', kind: 'selection' as const, action: 'add' as const, before: null, after: true }, live: 'not selected', desired: 'selected' },
    { name: 'monitoring stopped', change: { ...base, address: 'a', kind: 'monitoring' as const, action: 'remove' as const, before: true, after: null }, live: 'monitored', desired: 'not monitored' },
    { name: 'a scope key set', change: { ...base, address: 'a', kind: 'pm-scope' as const, action: 'add' as const, before: null, after: ['105'] }, live: 'not set', desired: '["105"]' },
    { name: 'an override removed', change: { ...base, address: 'a', kind: 'repo-override' as const, action: 'remove' as const, before: { days: 3 }, after: null }, live: '{days: 3}', desired: 'no override (the org default applies)' },
    { name: 'members added', change: { ...base, address: 'team["Payments"].members', kind: 'team-members' as const, action: 'add' as const, before: null, after: ['bo@acme.io'] }, live: 'not a member', desired: '["bo@acme.io"]' },
    { name: 'a member removed', change: { ...base, address: 'team["Payments"].members["cy@acme.io"]', kind: 'team-members' as const, action: 'remove' as const, before: 'cy@acme.io', after: null }, live: '"cy@acme.io"', desired: 'not a member' },
    { name: 'names for ids', change: { ...base, address: 'a', kind: 'git-scope' as const, before: [1], after: [1, 2], display: { before: ['acme/api'], after: ['acme/api', 'acme/web'] } }, live: '["acme/api"]', desired: '["acme/api", "acme/web"]' },
  ])('$name', ({ change, live, desired }) => {
    expect(driftValues(change)).toEqual({ live, desired });
  });

  it('a long list also names the elements on one side only, which the cut lists could hide', () => {
    const live = Array.from({ length: 30 }, (_, i) => `r${i}`);
    const desired = [...live.slice(1), 'new'];
    const entry = driftEntry({ address: 'team[1].git.repositories', kind: 'git-scope', action: 'update', impacts: [], before: live, after: desired });
    expect(entry.body.map((l) => `${l.marker} ${l.text}`).slice(2)).toEqual(['  live only:    "r0"', '  desired only: "new"']);
  });
});
