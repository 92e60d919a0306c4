// The pages people read (README.md, CHANGELOG.md, docs/, examples/) hold together: every relative
// Markdown link names a file or folder that exists, and a link to a heading names one the page
// has (GitHub's anchors). And they speak to users: no page cites an internal issue number or a
// commit, which mean nothing to someone who runs emctl (history is in CHANGELOG.md, in words).

import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');

function markdownUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : markdownUnder(path);
    return entry.name.endsWith('.md') ? [path] : [];
  });
}

const PAGES = [join(ROOT, 'README.md'), join(ROOT, 'CHANGELOG.md'), ...markdownUnder(join(ROOT, 'docs')), ...markdownUnder(join(ROOT, 'examples'))];

/** The text outside fenced code blocks and code spans, line for line (what Markdown renders as text). */
function prose(text: string): string {
  let fenced = false;
  return text
    .split('\n')
    .map((line) => {
      if (/^\s*(```|~~~)/.test(line)) {
        fenced = !fenced;
        return '';
      }
      return fenced ? '' : line.replace(/(`+)(?:(?!\1)[\s\S])*?\1/g, '``');
    })
    .join('\n');
}

/** Every link target of a page: inline links and images, and reference definitions. */
function linkTargets(text: string): { line: number; target: string }[] {
  const out: { line: number; target: string }[] = [];
  prose(text)
    .split('\n')
    .forEach((line, i) => {
      for (const m of line.matchAll(/!?\[(?:[^\]\\]|\\.)*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) out.push({ line: i + 1, target: m[1]! });
      const definition = /^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/.exec(line);
      if (definition) out.push({ line: i + 1, target: definition[1]! });
    });
  return out;
}

/** GitHub's anchor of each heading of a page, repeats numbered as GitHub numbers them. */
function anchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  let fenced = false;
  for (const line of text.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const words = heading[1]!
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/<[^>]+>/g, '')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/ /g, '-');
    const n = seen.get(words) ?? 0;
    seen.set(words, n + 1);
    out.add(n === 0 ? words : `${words}-${n}`);
  }
  return out;
}

/** What is wrong with one relative link of `page`, if anything. */
function brokenLink(page: string, target: string): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return undefined; // https:, mailto: ...
  const [pathPart = '', anchor] = target.split('#', 2);
  const path = decodeURIComponent(pathPart);
  const file = path === '' ? page : resolve(dirname(page), path);
  if (!existsSync(file)) return `${target}: no such file`;
  if (anchor === undefined || anchor === '') return undefined;
  if (statSync(file).isDirectory() || !file.endsWith('.md')) return undefined;
  return anchors(readFileSync(file, 'utf8')).has(decodeURIComponent(anchor).toLowerCase()) ? undefined : `${target}: no heading with that anchor`;
}

/** Citations of internal history in a page's prose: issue numbers and commit hashes. */
function citations(text: string): string[] {
  const found: string[] = [];
  for (const m of prose(text).matchAll(/\bissues?\s+#?\d+\b|(?<![\w&/#-])#\d+(?![\w-])|\b(?=[0-9a-f]*[a-f])(?=[0-9a-f]*\d)[0-9a-f]{7,40}\b/gi)) found.push(m[0]);
  return found;
}

describe('the helpers', () => {
  test('anchors as GitHub makes them', () => {
    const page = '# Performance\n## What `emctl plan` reads\n## Scoped runs: `--target`, `--exclude`, `apply PLANFILE`\n## 10. Rules\n## Rules\n```\n# not a heading\n```\n';
    expect([...anchors(page)]).toEqual(['performance', 'what-emctl-plan-reads', 'scoped-runs---target---exclude-apply-planfile', '10-rules', 'rules']);
    expect([...anchors('## A\n## A\n')]).toEqual(['a', 'a-1']);
  });

  test('links outside code only', () => {
    const page = 'See [the plan](docs/planning.md#7-scope) and ![a chart](img/a.png).\n`[not](a-link.md)`\n```\n[nor](this.md)\n```\n[ref]: ../CHANGELOG.md\n';
    expect(linkTargets(page).map((l) => l.target)).toEqual(['docs/planning.md#7-scope', 'img/a.png', '../CHANGELOG.md']);
  });

  test('citations: issue numbers and commit hashes, not anchors, colours or digests', () => {
    expect(citations('as issue 19 asked (#31), at 4aba3e7')).toEqual(['issue 19', '#31', '4aba3e7']);
    expect(citations('[rules](planning.md#10-rules), colour #ff0000, `sha256 4aba3e7d`, an issue for drift, 1,000 rows')).toEqual([]);
  });
});

describe('the pages', () => {
  test('every relative link resolves, anchors included', () => {
    expect(PAGES.length).toBeGreaterThan(15);
    const broken = PAGES.flatMap((page) => {
      const text = readFileSync(page, 'utf8');
      return linkTargets(text).flatMap(({ line, target }) => {
        const problem = brokenLink(page, target);
        return problem ? [`${relative(ROOT, page)}:${line}: ${problem}`] : [];
      });
    });
    expect(broken).toEqual([]);
  });

  test('no page cites an issue number or a commit', () => {
    const cited = PAGES.flatMap((page) => citations(readFileSync(page, 'utf8')).map((c) => `${relative(ROOT, page)}: ${c}`));
    expect(cited).toEqual([]);
  });
});
