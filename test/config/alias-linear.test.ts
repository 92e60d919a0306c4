// Aliases are resolved in time linear in the document (DESIGN 8, bounded time for config input):
// the anchors are indexed in one walk, not looked up by walking the whole document per alias
// (20,000 aliases took about a minute that way). Also YAML's rule for a repeated anchor name.

import { describe, expect, test } from 'vitest';
import { parseConfigText } from '../../src/config/yaml/parse.js';
import { Placements, SourceText } from '../../src/config/yaml/source.js';
import { aliasResolutionWork } from '../../src/config/yaml/full-reader.js';

function parse(text: string) {
  return parseConfigText(new SourceText('emctl.yaml', text), new Placements());
}

describe('alias resolution', () => {
  test('20,000 aliases of one anchor: the document is walked for anchors once', () => {
    const n = 20_000;
    const result = parse(`version: 1\na: &a {k: [1,2,3]}\nl:\n${'  - *a\n'.repeat(n)}`);
    expect(result.diagnostics).toEqual([]);
    const list = (result.root?.value as { l: unknown[] }).l;
    expect(list).toHaveLength(n);
    expect(list[n - 1]).toEqual({ k: [1, 2, 3] });
    expect(aliasResolutionWork.documentWalks).toBe(1);
    // The document holds n aliases and 12 other nodes (3 maps, 2 lists, 7 scalars); one walk meets each once.
    expect(aliasResolutionWork.nodesWalked).toBe(n + 12);
  });

  test('an anchor written again names a new node only for the aliases after it', () => {
    const result = parse('a: &x 1\nb: *x\nc: &x [2]\nd: *x\ne: {f: &x 3, g: *x}\nh: *x\n');
    expect(result.diagnostics).toEqual([]);
    expect(JSON.parse(JSON.stringify(result.root?.value))).toEqual({ a: 1, b: 1, c: [2], d: [2], e: { f: 3, g: 3 }, h: 3 });
  });
});
