// Editor support, checked with the engine editors run: yaml-language-server (VS Code's YAML
// extension, Neovim, Helix, ...) validates each example config and each exported file against
// the schema its `# yaml-language-server: $schema=...` comment names. A correct file must show no
// diagnostic at all (a numeric team id `42:` once gave a false "Incorrect type" per team); a typo
// in any section must show one, on the line of the typo.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { getLanguageService, TextDocument, type Diagnostic } from 'yaml-language-server';
import { EMCTL_VERSION, schemaUrl } from '../../src/core/version.js';
import { startService, tempDir } from '../export/helpers.js';

const ROOT = join(import.meta.dirname, '..', '..');
const SCHEMAS = join(ROOT, 'schemas');

/**
 * Schemas are served from this checkout: a relative `$schema=` resolves to a file:// URL, and the
 * published URL that exported files name (schemaUrl) maps to the same file, so the test checks the
 * schema of this commit, with no network.
 */
async function readSchema(uri: string): Promise<string> {
  for (const name of ['emctl', 'fixture'] as const) {
    if (uri === schemaUrl(name)) return readFileSync(join(SCHEMAS, `${name}.schema.json`), 'utf8');
  }
  if (uri.startsWith('file:')) return readFileSync(fileURLToPath(uri), 'utf8');
  throw new Error(`unexpected schema URL ${uri}`);
}

const service = getLanguageService({
  schemaRequestService: readSchema,
  workspaceContext: { resolveRelativePath: (path: string, resource: string) => new URL(path, resource).href },
});
service.configure({ validate: true, completion: false, hover: false, format: false, customTags: [] });

let version = 0;

async function diagnostics(path: string, text: string): Promise<Diagnostic[]> {
  // The service caches a parsed document by URL and version: each text gets a version of its own.
  version += 1;
  // The protocol's TextDocument.create (re-exported by the package) builds what doValidation reads;
  // its declared type is the older interface, hence the cast.
  const doc = TextDocument.create(pathToFileURL(path).href, 'yaml', version, text) as unknown as Parameters<typeof service.doValidation>[0];
  return service.doValidation(doc, false);
}

const show = (ds: readonly Diagnostic[]): string[] => ds.map((d) => `${d.range.start.line + 1}:${d.range.start.character + 1} ${d.message}`);

function yamlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return yamlFiles(path);
    return name.endsWith('.yaml') || name.endsWith('.yml') ? [path] : [];
  });
}

/** Example configs and fixtures that name a schema (the CI workflows name none). */
const EXAMPLES = yamlFiles(join(ROOT, 'examples')).filter((p) => /^# yaml-language-server: \$schema=/m.test(readFileSync(p, 'utf8')));

describe('yaml-language-server on the examples', () => {
  it('finds the example configs', () => {
    const names = EXAMPLES.map((p) => relative(ROOT, p));
    expect(names).toContain('examples/acme/emctl.yaml');
    expect(names).toContain('examples/minimal.yaml');
  });

  for (const path of EXAMPLES) {
    it(`${relative(ROOT, path)}: no diagnostics`, async () => {
      expect(show(await diagnostics(path, readFileSync(path, 'utf8')))).toEqual([]);
    });
  }
});

describe('yaml-language-server on exported files', () => {
  it('an exported config, its split form and a fixture name the schema on line 1 and show no diagnostics', async () => {
    const svc = await startService();
    const dir = tempDir('editor');
    try {
      const exported = await svc.emctl(['export']);
      expect(exported.code, exported.stderr).toBe(0);
      const fixture = await svc.emctl(['export', '--fixture']);
      expect(fixture.code, fixture.stderr).toBe(0);
      const split = await svc.emctl(['export', '--split', join(dir, 'emctl')]);
      expect(split.code, split.stderr).toBe(0);
      const files: [string, string, 'emctl' | 'fixture'][] = [
        [join(tmpdir(), 'exported.yaml'), exported.stdout, 'emctl'],
        [join(tmpdir(), 'snapshot.yaml'), fixture.stdout, 'fixture'],
        ...yamlFiles(join(dir, 'emctl')).map((p): [string, string, 'emctl'] => [p, readFileSync(p, 'utf8'), 'emctl']),
      ];
      expect(files.length).toBeGreaterThan(4);
      for (const [path, text, schema] of files) {
        expect(text.split('\n')[0], path).toBe(`# yaml-language-server: $schema=${schemaUrl(schema)}`);
        expect(show(await diagnostics(path, text)), path).toEqual([]);
      }
    } finally {
      await svc.close();
    }
  });
});

/** One typo per section of the config, each on a line of its own in examples/acme/emctl.yaml. */
const TYPOS: { section: string; from: string; to: string }[] = [
  { section: 'version', from: 'version: 1\n', to: 'version: 2\n' },
  { section: 'integrations', from: 'tracker: { id: 10, provider: tracker_a }', to: 'tracker: { id: 10, provider: tracker-a }' },
  { section: 'collection', from: '    projects: ["P1"]', to: '    project: ["P1"]' },
  { section: 'teams (a key of a team)', from: '        labels: [mobile]', to: '        label: [mobile]' },
  { section: 'teams (a team id)', from: '    id: 47\n', to: '    id: 4x7\n' },
  { section: 'git.defaults', from: '    active_branches_duration: { days: 7 }', to: '    active_branch_duration: { days: 7 }' },
  { section: 'git.monitoring', from: '    include: ["acme/*", "labs/*"]', to: '    includes: ["acme/*", "labs/*"]' },
  { section: 'git.repositories', from: '    acme/notifications:\n      monitored: true', to: '    acme/notifications:\n      monitord: true' },
  { section: 'git.repositories settings', from: '        default_branch: { branch_name: main }', to: '        default_branch: { branch: main }' },
  { section: 'safety', from: '    deselect: { count: 2 }', to: '    deselect: { cuont: 2 }' },
  { section: 'drift', from: '      until: 2027-06-30', to: '      untill: 2027-06-30' },
  { section: 'goals', from: '    at_least: 20', to: '    at_leat: 20' },
];

describe('yaml-language-server finds a typo in every section', () => {
  const path = join(ROOT, 'examples', 'acme', 'emctl.yaml');
  const original = readFileSync(path, 'utf8');
  for (const typo of TYPOS) {
    it(typo.section, async () => {
      const at = original.indexOf(typo.from);
      expect(at, `"${typo.from}" once in the example`).toBeGreaterThanOrEqual(0);
      expect(original.indexOf(typo.from, at + 1)).toBe(-1);
      const text = original.slice(0, at) + typo.to + original.slice(at + typo.from.length);
      // The line of the typo: where `to` differs from `from`.
      let first = 0;
      while (typo.from[first] === typo.to[first]) first += 1;
      const line = text.slice(0, at + first).split('\n').length;
      const found = await diagnostics(path, text);
      expect(show(found).length, show(found).join('\n')).toBeGreaterThan(0);
      expect(found.map((d) => d.range.start.line + 1), show(found).join('\n')).toContain(line);
    });
  }
});

describe('the version', () => {
  it('is package.json\'s', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    expect(EMCTL_VERSION).toBe(pkg.version);
    expect(schemaUrl('emctl')).toContain(`/v${pkg.version}/schemas/emctl.schema.json`);
  });
});
