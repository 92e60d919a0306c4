import { describe, expect, it } from 'vitest';
import type { Change } from '../../src/core/plan-model.js';
import { renderPlanMarkdown } from '../../src/render/markdown.js';
import { everyKind, plan } from './fixtures.js';

const byAddress = (...addresses: string[]) => addresses.map((a) => everyKind.find((c) => c.address === a)!);

describe('renderPlanMarkdown', () => {
  it('puts the marker, summary table and messages first, then collapsed diffs per group', () => {
    const p = plan({
      changes: byAddress(
        'collection.tracker.boards["103"]',
        'collection.tracker.boards["101"]',
        'git.defaults.releases_detection',
        'team[42].pm.tracker.boards',
      ),
      warnings: [{ message: 'name "Payments" differs', address: 'team[42]', location: 'emctl.yaml:12:5' }],
      errors: [{ message: 'team 99 does not exist', address: 'team[99]', location: 'emctl.yaml:30:3' }],
      summary: { add: 1, update: 2, remove: 1, operations: 3 },
    });
    expect(renderPlanMarkdown(p)).toBe(String.raw`<!-- emctl-plan -->

## emctl plan

**Plan: 1 to add, 2 to change, 1 to remove; 3 API calls.**

| Object kind | Add | Change | Remove |
| --- | ---: | ---: | ---: |
| Collection | 1 | 0 | 1 |
| Teams | 0 | 1 | 0 |
| Git defaults | 0 | 1 | 0 |
| **Total** | **1** | **2** | **1** |

API calls: **3**

### Errors (1)

The service would refuse these; nothing will be applied.

- ${'`'}emctl.yaml:30:3${'`'}: ${'`'}team[99]${'`'}: team 99 does not exist

### Warnings (1)

- ${'`'}emctl.yaml:12:5${'`'}: ${'`'}team[42]${'`'}: name "Payments" differs

<details><summary>Collection: 1 to add, 1 to remove</summary>

${'```'}diff
+ collection.tracker.boards["103"] (Checkout board)  [counts-against-limit]
- collection.tracker.boards["101"] (Payments board)  [stops-collection]
${'```'}

</details>

<details><summary>Teams: 1 to change</summary>

${'```'}diff
! team[42].pm.tracker.boards  + "103"  - "101"  [changes-team-metrics]
${'```'}

</details>

<details><summary>Git defaults: 1 to change</summary>

${'```'}diff
! git.defaults.releases_detection  [history-recompute]
    method: "tags"
-   pattern: "^v\\d+"
+   pattern: "^release-"
${'```'}

</details>
`);
  });

  it('names the rule whose expansion made a change, beside it in the diff (DESIGN 2.1: what to edit)', () => {
    const change: Change = { address: 'repo[1218].settings.exclude_branches', kind: 'repo-override', action: 'add', before: null, after: { patterns: ['^dependabot/'] }, impacts: ['history-recompute'], rule: 'acme/*' };
    const markdown = renderPlanMarkdown(plan({ changes: [change, ...byAddress('repo["acme/web"].settings.default_branch')] }));
    const line = markdown.split('\n').find((l) => l.includes('repo[1218].settings.exclude_branches'));
    expect(line).toBe('+ repo[1218].settings.exclude_branches  (rule "acme/*")  [history-recompute]');
    // A literal key's change names no rule.
    expect(markdown.split('\n').find((l) => l.includes('repo["acme/web"].settings.default_branch'))).not.toContain('(rule');
    expectWellFormed(markdown);
  });

  it('says there are no changes, and takes a title', () => {
    expect(renderPlanMarkdown(plan(), { title: 'Plan for acme/settings' })).toBe(`<!-- emctl-plan -->

## Plan for acme/settings

**No changes. Live state matches the configuration.**
`);
  });

  it('keeps backticks in content from closing the fence, and escapes Markdown in messages', () => {
    const p = plan({
      changes: [
        { address: 'repo["acme/api"].settings.exclude_branches', kind: 'repo-override', action: 'add', before: null, after: { patterns: ['```'] }, impacts: [] },
      ],
      warnings: [{ message: 'label <b>*bold*</b> | pipe _x_ [link](y) #1', address: 'team[`42`]' }],
    });
    expect(renderPlanMarkdown(p, { title: 'Plan #12' })).toBe(`<!-- emctl-plan -->

## Plan \\#12

**Plan: 1 to add, 0 to change, 0 to remove; 0 API calls.**

| Object kind | Add | Change | Remove |
| --- | ---: | ---: | ---: |
| Repositories | 1 | 0 | 0 |
| **Total** | **1** | **0** | **0** |

API calls: **0**

### Warnings (1)

- \`\`team[\`42\`]\`\`: label \\<b\\>\\*bold\\*\\</b\\> \\| pipe \\_x\\_ \\[link\\](y) \\#1

<details><summary>Repositories: 1 to add</summary>

\`\`\`\`diff
+ repo["acme/api"].settings.exclude_branches
+   patterns:
+     - "\`\`\`"
\`\`\`\`

</details>
`);
  });
});

/** Invariants a truncated comment must keep, whatever the limit. */
function expectWellFormed(markdown: string): void {
  expect(markdown.match(/<details>/g)?.length ?? 0).toBe(markdown.match(/<\/details>/g)?.length ?? 0);
  // Every fence line opens or closes a block: an even number of them, and openers carry "diff".
  const fences = markdown.split('\n').filter((line) => /^`{3,}/.test(line));
  expect(fences.length % 2).toBe(0);
  fences.forEach((line, i) => expect(line.endsWith('diff')).toBe(i % 2 === 0));
}

function manyChanges(count: number): Change[] {
  return Array.from({ length: count }, (_, i): Change =>
    i % 2 === 0
      ? { address: `repo["acme/service-${i}"].monitored`, kind: 'monitoring', action: 'add', before: null, after: true, impacts: ['backfill', 'counts-against-limit'] }
      : { address: `repo["acme/service-${i}"].settings.default_branch`, kind: 'repo-override', action: 'update', before: { branch_name: 'master' }, after: { branch_name: 'main' }, impacts: [] },
  );
}

describe('renderPlanMarkdown truncation', () => {
  it('keeps a 5,000-change plan under 60,000 characters, cutting whole changes', () => {
    const markdown = renderPlanMarkdown(plan({ changes: manyChanges(5000) }));
    expect(markdown.length).toBeLessThanOrEqual(60_000);
    expectWellFormed(markdown);
    const shown = markdown.split('\n').filter((line) => /^[+!] repo\[/.test(line)).length;
    expect(shown).toBeGreaterThan(500);
    expect(markdown).toContain(`\n_... ${5000 - shown} more changes not shown; run \`emctl plan\` for the full plan._\n`);
    // The summary still counts everything.
    expect(markdown).toContain('| Repositories | 0 | 2500 | 0 |\n| Monitoring | 2500 | 0 | 0 |');
    // A cut never splits a change: the last diff line before a fence completes a default_branch diff or is a monitoring line.
    expect(markdown).not.toMatch(/^! repo\[[^\n]*\n-   branch_name: "master"\n`{3}/m);
  });

  it('cuts between changes at a small limit, with exact output', () => {
    const p = plan({ changes: manyChanges(4) });
    const full = renderPlanMarkdown(p);
    expect(full).not.toContain('not shown');
    expect(full.length).toBe(768);
    // At exactly its own length the whole plan fits: the note's room is only taken when something is cut.
    expect(renderPlanMarkdown(p, { maxChars: 768 })).toBe(full);
    // 20 short of the whole: the two monitoring lines give way to the note.
    const cut = renderPlanMarkdown(p, { maxChars: 748 });
    expect(cut).toBe(`<!-- emctl-plan -->

## emctl plan

**Plan: 2 to add, 2 to change, 0 to remove; 0 API calls.**

| Object kind | Add | Change | Remove |
| --- | ---: | ---: | ---: |
| Repositories | 0 | 2 | 0 |
| Monitoring | 2 | 0 | 0 |
| **Total** | **2** | **2** | **0** |

API calls: **0**

<details><summary>Repositories: 2 to change</summary>

\`\`\`diff
! repo["acme/service-1"].settings.default_branch
-   branch_name: "master"
+   branch_name: "main"
! repo["acme/service-3"].settings.default_branch
-   branch_name: "master"
+   branch_name: "main"
\`\`\`

</details>

_... 2 more changes not shown; run \`emctl plan\` for the full plan._
`);
    expect(cut.length).toBeLessThanOrEqual(748);
  });

  it('stays within every limit from tiny to full size and stays well formed', () => {
    const p = plan({ changes: manyChanges(40) });
    const full = renderPlanMarkdown(p).length;
    for (let max = 700; max <= full + 50; max += 37) {
      const markdown = renderPlanMarkdown(p, { maxChars: max });
      expect(markdown.length).toBeLessThanOrEqual(max);
      expectWellFormed(markdown);
    }
  });

  it('cuts a flood of warnings so the changes still have room', () => {
    const warnings = Array.from({ length: 3000 }, (_, i) => ({ message: `team ${i} name differs from the service`, address: `team[${i}]` }));
    const markdown = renderPlanMarkdown(plan({ changes: manyChanges(10), warnings }));
    expect(markdown.length).toBeLessThanOrEqual(60_000);
    expect(markdown).toMatch(/\n- \.\.\. and \d+ more warnings; run `emctl plan` to see them all\n/);
    expect(markdown).not.toContain('not shown');
  });
});

describe('renderPlanMarkdown of a scoped plan', () => {
  it('says it is scoped right under the summary', () => {
    const md = renderPlanMarkdown(plan({ changes: byAddress(everyKind[0]!.address), scope: { narrowed_by: ['--target team[42]'], objects: 2 } }));
    expect(md).toMatch(/\*\*Plan: [^\n]*\*\*\n\n_Scoped plan \(--target team\\?\[42\\?\]\): 2 objects of the config read and planned; drift checks the rest\./);
    expect(renderPlanMarkdown(plan({ changes: byAddress(everyKind[0]!.address) }))).not.toContain('Scoped plan');
  });
});
