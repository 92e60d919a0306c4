import { describe, expect, it } from 'vitest';
import { renderApplySummary, renderDriftMarkdown, renderDriftText, type ApplyResult } from '../../src/render/results.js';
import { makeStyle, plainStyle } from '../../src/render/style.js';
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
  - collection.tracker.boards["101"] (Payments board)  [stops-collection]

Monitoring:
  ~ repo["acme/web"].monitored  false -> true  [backfill]

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
- collection.tracker.boards["101"] (Payments board)  [stops-collection]
\`\`\`

</details>

<details><summary>Monitoring: 1 to change</summary>

\`\`\`diff
! repo["acme/web"].monitored  false -> true  [backfill]
\`\`\`

</details>
`);
    const cut = renderDriftMarkdown(drifted, { maxChars: 600 });
    expect(cut.length).toBeLessThanOrEqual(600);
    expect(cut).toMatch(/_\.\.\. \d more changes not shown; run `emctl drift` for the full report\._\n$/);
  });
});
