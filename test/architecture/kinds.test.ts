// One kind of object, one place (DESIGN.md section 5.1): each kind is a module of src/core/kinds/
// (or a folder of them) that imports nothing of another kind; the registry gathers them. Proven on a throwaway tree with
// the project's own .dependency-cruiser.cjs: the tree passes, and a kind importing another is refused.

import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CALL_ORDER, EVERY_KIND, kindOf, KIND_NAMES, planSections } from '../../src/core/kinds/registry.js';
import { PLAN_SECTIONS } from '../../src/core/kinds/kind.js';
import { expectAllowed, expectRefused } from './cruise.js';

const ALLOWED = {
  'src/core/plan-model.ts': "export type ObjectKind = 'a' | 'b';\n",
  'src/core/kinds/kind.ts': "import type { ObjectKind } from '../plan-model.js';\nexport interface Kind { kind: ObjectKind }\n",
  'src/core/kinds/shared/names.ts': "export const upper = (s: string): string => s.toUpperCase();\n",
  'src/core/kinds/a.ts': "import type { Kind } from './kind.js';\nimport { upper } from './shared/names.js';\nexport const a: Kind = { kind: 'a' };\nexport const A = upper('a');\n",
  'src/core/kinds/b.ts': "import type { Kind } from './kind.js';\nexport const b: Kind = { kind: 'b' };\n",
  // A kind of several files is a folder: its files import each other, the kind interface and shared helpers.
  'src/core/kinds/c/diff.ts': "import { upper } from '../shared/names.js';\nexport const C = upper('c');\n",
  'src/core/kinds/c/index.ts': "import type { Kind } from '../kind.js';\nimport { C } from './diff.js';\nexport const c: Kind = { kind: 'a' };\nexport const CC = C;\n",
  'src/core/kinds/d/index.ts': "import type { Kind } from '../kind.js';\nexport const d: Kind = { kind: 'b' };\n",
  'src/core/kinds/registry.ts': "import { a } from './a.js';\nimport { b } from './b.js';\nimport { c } from './c/index.js';\nimport { d } from './d/index.js';\nexport const KINDS = { a, b, c, d };\n",
};

describe('the registry of kinds', () => {
  it('passes kinds that import the kind interface and shared helpers, gathered by the registry', () => expectAllowed(ALLOWED), 120_000);

  it('refuses a kind importing another kind (also for a type)', async () => {
    const files = {
      ...ALLOWED,
      'src/core/kinds/b.ts': "import type { Kind } from './kind.js';\nimport { a } from './a.js';\nexport const b: Kind = { kind: a.kind };\n",
    };
    await expectRefused(files, [['kind-imports-no-other-kind', 'src/core/kinds/b.ts', 'src/core/kinds/a.ts']]);
  }, 120_000);

  it('refuses a file of a kind folder importing another kind, a folder or a file, and a kind file importing a folder', async () => {
    const files = {
      ...ALLOWED,
      'src/core/kinds/c/diff.ts': "import { upper } from '../shared/names.js';\nimport { d } from '../d/index.js';\nexport const C = upper(d.kind);\n",
      'src/core/kinds/d/index.ts': "import type { Kind } from '../kind.js';\nimport { A } from '../a.js';\nexport const d: Kind = { kind: 'b' };\nexport const DA = A;\n",
      'src/core/kinds/b.ts': "import type { Kind } from './kind.js';\nimport { CC } from './c/index.js';\nexport const b: Kind = { kind: 'b' };\nexport const BC = CC;\n",
    };
    await expectRefused(files, [
      ['kind-imports-no-other-kind', 'src/core/kinds/c/diff.ts', 'src/core/kinds/d/index.ts'],
      ['kind-imports-no-other-kind', 'src/core/kinds/d/index.ts', 'src/core/kinds/a.ts'],
      ['kind-imports-no-other-kind', 'src/core/kinds/b.ts', 'src/core/kinds/c/index.ts'],
    ]);
  }, 120_000);

  it('refuses a shared helper importing a kind', async () => {
    const files = { ...ALLOWED, 'src/core/kinds/shared/names.ts': "import { b } from '../b.js';\nexport const upper = (s: string): string => s.toUpperCase() + b.kind;\n" };
    await expectRefused(files, [['kind-imports-no-other-kind', 'src/core/kinds/shared/names.ts', 'src/core/kinds/b.ts']]);
  }, 120_000);

  it('refuses a room outside the kinds importing a kind folder\'s facets instead of asking the registry', async () => {
    const files = {
      ...ALLOWED,
      'src/core/kinds/c/address.ts': "export const cAddress = (n: number): string => `c[${n}]`;\n",
      // Allowed: the registry, and a kind's address form.
      'src/core/plan.ts': "import { KINDS } from './kinds/registry.js';\nimport { cAddress } from './kinds/c/address.js';\nexport const n = Object.keys(KINDS).length + cAddress(1).length;\n",
      // Refused: a kind's own diff (and its index) reached past the registry.
      'src/core/drift.ts': "import { C } from './kinds/c/diff.js';\nimport { d } from './kinds/d/index.js';\nexport const x = C + d.kind;\n",
    };
    await expectRefused(files, [
      ['kind-facets-through-the-registry', 'src/core/drift.ts', 'src/core/kinds/c/diff.ts'],
      ['kind-facets-through-the-registry', 'src/core/drift.ts', 'src/core/kinds/d/index.ts'],
    ]);
  }, 120_000);

  it('places every kind in a plan section, and the sections in the order a reader meets the config', () => {
    expect(planSections().flatMap((s) => s.kinds).sort()).toEqual([...KIND_NAMES].sort());
    expect(planSections().map((s) => s.title)).toEqual([...PLAN_SECTIONS]);
    expect(KIND_NAMES.map((k) => kindOf(k).kind)).toEqual(KIND_NAMES);
  });

  it('plans the calls of each kind after the kinds whose calls offer what it needs', () => {
    const offered = new Set<string>();
    for (const kind of CALL_ORDER) {
      for (const need of kind.calls?.needs ?? []) expect(offered.has(need), `${kind.kind} needs ${need}`).toBe(true);
      for (const offer of kind.calls?.offers ?? []) offered.add(offer);
    }
    expect(CALL_ORDER.map((k) => k.kind).sort()).toEqual(EVERY_KIND.filter((k) => k.calls !== undefined).map((k) => k.kind).sort());
    // The selection's calls ride on the PM scope writes; the Git scope writes wait for monitoring starts.
    const at = (name: string) => CALL_ORDER.findIndex((k) => k.kind === name);
    expect(at('pm-scope')).toBeLessThan(at('selection'));
    expect(at('monitoring')).toBeLessThan(at('git-scope'));
  });

  it('leaves no code outside src/core/kinds/ comparing a kind with a kind name', () => {
    const root = resolve(import.meta.dirname, '../../src');
    const names = KIND_NAMES.map((k) => k.replace('-', '\\-')).join('|');
    const name = `['"](${names})['"]`;
    // `kind === 'team'`, `"team" !== target.kind`, and a `case 'team':` of a switch on a kind.
    const compares = new RegExp(`\\bkind\\s*[!=]==?\\s*${name}|${name}\\s*[!=]==?\\s*[\\w.]*\\bkind\\b`);
    const caseOf = new RegExp(`\\bcase\\s+${name}\\s*:`);
    const switchOnKind = /\bswitch\s*\([^)]*\bkind\)/;
    // The scan catches each spelling it looks for (and not a switch on something else).
    expect(["if (c.target.kind === 'monitoring')", 'if ("team" !== change.kind)', "kind !== 'repo-override'"].map((l) => compares.test(l))).toEqual([true, true, true]);
    expect([switchOnKind.test("switch (c.target.kind) {\n  case 'selection':"), caseOf.test("  case 'selection':"), switchOnKind.test('switch (groupBy) {')]).toEqual([true, true, false]);
    const found: string[] = [];
    const walk = (dir: string): void => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) {
          if (path !== join(root, 'core/kinds')) walk(path);
        } else if (entry.name.endsWith('.ts')) {
          const text = readFileSync(path, 'utf8');
          const switches = switchOnKind.test(text);
          text.split('\n').forEach((line, i) => {
            if (compares.test(line) || (switches && caseOf.test(line))) found.push(`${relative(root, path)}:${i + 1}: ${line.trim()}`);
          });
        }
      }
    };
    walk(root);
    expect(found).toEqual([]);
  });
});
