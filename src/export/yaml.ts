// YAML text of an exported config: one file, or a directory of files that `-c DIR` merges back
// into the same config (integrations.yaml, git.yaml, one team-<id>.yaml per team, named by id so a
// rename changes one line, not the file's name). Short lists
// and small objects are written inline so a team or a settings section reads on a few lines;
// long lists one entry per line, so a change to them diffs as one line in review.

import { Document, isMap, isScalar, isSeq, visit, type Pair, type YAMLMap } from 'yaml';
import { escapeControl } from '../core/escape.js';
import { schemaUrl } from '../core/version.js';
import type { Fixture } from '../emulator/fixture/types.js';
import type { ExportedConfig, ExportedTeam } from '../core/export-model.js';
import { FIXTURE_HEADER } from './to-fixture.js';

/** Scalar lists up to this length are written inline. */
const INLINE_LIST_MAX = 8;

export interface ExportFile {
  /** File name relative to the --split directory. */
  name: string;
  text: string;
}

type Part = 'integrations' | 'collection' | 'teams' | 'git';

function teamsMap(teams: readonly ExportedTeam[]): Map<string | number, Record<string, unknown>> {
  const out = new Map<string | number, Record<string, unknown>>();
  for (const team of teams) {
    const body: Record<string, unknown> = {};
    if (typeof team.key === 'string') body.id = team.id;
    const own = team.properties;
    if (own) {
      body.parent = own.parent;
      if (own.initials !== undefined) body.initials = own.initials;
      if (own.color !== undefined) body.color = own.color;
    }
    if (team.members !== undefined) body.members = team.members;
    if (team.pm.length > 0) body.pm = Object.fromEntries(team.pm.map((p) => [p.alias, p.scope]));
    if (team.git) body.git = team.git;
    out.set(team.key, body);
  }
  return out;
}

/**
 * Each team a block (one line a property, so a review diff names the property changed), and the
 * name of a team keyed by id, with why, on a comment line above it.
 */
function styleTeams(doc: Document, teams: readonly ExportedTeam[]): void {
  const map = doc.get('teams', true);
  if (!isMap(map)) return;
  const byKey = new Map(teams.map((t) => [t.key, t]));
  for (const pair of map.items) {
    if (isMap(pair.value)) pair.value.flow = false;
    const note = byKey.get(keyOf(pair) as string | number)?.note;
    if (note !== undefined && isScalar(pair.key)) pair.key.commentBefore = ` ${escapeControl(note.replace(/\s+/g, ' '))}`;
  }
}

function gitObject(ex: ExportedConfig): Record<string, unknown> {
  const git: Record<string, unknown> = { defaults: ex.defaults };
  if (ex.monitoring) {
    const monitoring: Record<string, unknown> = { include: ex.monitoring.include };
    if (ex.monitoring.exclude.length > 0) monitoring.exclude = ex.monitoring.exclude;
    git.monitoring = monitoring;
  }
  if (ex.repositories.length > 0) {
    git.repositories = new Map<string | number, unknown>(ex.repositories.map((r) => [r.key, { settings: r.settings }]));
  }
  return git;
}

function documentOf(ex: ExportedConfig, parts: readonly Part[], teams: readonly ExportedTeam[]): Document {
  const root: Record<string, unknown> = { version: 1 };
  if (parts.includes('integrations')) root.integrations = Object.fromEntries(ex.integrations.map((i) => [i.alias, { id: i.id }]));
  if (parts.includes('collection') && ex.collection.length > 0) root.collection = Object.fromEntries(ex.collection.map((c) => [c.alias, c.sets]));
  if (parts.includes('teams') && teams.length > 0) root.teams = teamsMap(teams);
  if (parts.includes('git')) root.git = gitObject(ex);

  const doc = new Document(root);
  styleInline(doc);
  if (parts.includes('integrations')) {
    const map = doc.get('integrations', true);
    if (isMap(map)) {
      for (const pair of map.items) {
        const integration = ex.integrations.find((i) => i.alias === keyOf(pair));
        if (integration && isMap(pair.value)) pair.value.comment = ` ${escapeControl(integration.comment)}`;
      }
    }
  }
  if (parts.includes('teams')) styleTeams(doc, teams);
  if (parts.includes('collection')) nameEntities(doc, ex);
  if (parts.includes('git')) {
    commentBeforeKey(doc, ['git', 'defaults'], ex.notes.defaults);
    commentBeforeKey(doc, ['git', 'monitoring'], ex.notes.monitoring);
    commentBeforeKey(doc, ['git', 'repositories'], ex.notes.repositories);
    if (ex.repositories.length === 0 && ex.notes.repositories.length > 0) commentBeforeKey(doc, ['git', 'defaults'], ex.notes.repositories);
  }
  return doc;
}

/**
 * Entity ids are opaque ("1042"): each selected board or project goes on its own line with its
 * name as a comment, so a reviewer sees what a diff line selects or drops.
 */
function nameEntities(doc: Document, ex: ExportedConfig): void {
  for (const { alias, sets, names } of ex.collection) {
    for (const type of Object.keys(sets)) {
      const seq = doc.getIn(['collection', alias, type], true);
      if (!isSeq(seq) || seq.items.length === 0) continue;
      seq.flow = false;
      for (const item of seq.items) {
        const name = isScalar(item) ? names.get(`${type}/${String(item.value)}`) : undefined;
        if (isScalar(item) && name !== undefined) item.comment = ` ${escapeControl(name.replace(/\s+/g, ' '))}`;
      }
      const parent = doc.getIn(['collection', alias], true);
      if (isMap(parent)) parent.flow = false;
    }
  }
}

function keyOf(pair: Pair): unknown {
  return isScalar(pair.key) ? pair.key.value : pair.key;
}

/** Puts `# text` lines above the key at `path` (its parent must be a map). */
function commentBeforeKey(doc: Document, path: readonly (string | number)[], lines: readonly string[]): void {
  if (lines.length === 0) return;
  const parent = path.length === 1 ? doc.contents : doc.getIn(path.slice(0, -1), true);
  if (!isMap(parent)) return;
  const pair = (parent as YAMLMap).items.find((p) => keyOf(p) === path[path.length - 1]);
  if (!pair || !isScalar(pair.key)) return;
  const text = lines.map((l) => ` ${escapeControl(l)}`).join('\n');
  pair.key.commentBefore = pair.key.commentBefore ? `${pair.key.commentBefore}\n${text}` : text;
}

const isFlat = (node: unknown): boolean =>
  isScalar(node) ||
  (isSeq(node) && node.items.every(isScalar) && node.items.length <= INLINE_LIST_MAX) ||
  ((isMap(node) || isSeq(node)) && node.items.length === 0);

/**
 * Inline: short scalar lists, and maps whose values are all scalars or short scalar lists with at
 * most maxKeys keys (an integration's `{ id: 10 }`, a field `{ id, value }`, a settings section).
 */
function styleInline(doc: Document, maxKeys = 3): void {
  visit(doc, {
    Seq(_, node) {
      if (node.items.length > 0 && node.items.length <= INLINE_LIST_MAX && node.items.every(isScalar)) node.flow = true;
    },
    Map(_, node) {
      if (node.items.length > 0 && node.items.length <= maxKeys && node.items.every((p) => isFlat(p.value))) {
        node.flow = true;
      }
    },
  });
}

const TO_STRING = { lineWidth: 0, flowCollectionPadding: false } as const;

/**
 * The document's text. The package writes a string holding a control character double-quoted, C0
 * ones as escapes but DEL and the C1 ones (8-bit CSI among them) raw; only a double-quoted scalar
 * can hold them (comments are escaped where they are made), so writing them as \x escapes keeps
 * every value and leaves no terminal control in the file (DESIGN 8).
 */
function yamlText(doc: Document): string {
  return doc.toString(TO_STRING).replace(/[\u007f-\u009f]/g, (c) => `\\x${c.charCodeAt(0).toString(16)}`);
}

/**
 * First line of every exported file: editors running yaml-language-server (VS Code's YAML
 * extension and others) validate and complete the file against the schema it names.
 */
export function schemaComment(schema: 'emctl' | 'fixture'): string {
  return ` yaml-language-server: $schema=${schemaUrl(schema)}`;
}

function header(ex: ExportedConfig, extra: readonly string[] = []): string {
  return [schemaComment('emctl'), '', ...ex.notes.header.map(escapeControl), ...extra].map((l) => (l.startsWith(' ') || l === '' ? l : ` ${l}`)).join('\n');
}

/** The whole config as one file. */
export function renderConfigYaml(ex: ExportedConfig): string {
  const doc = documentOf(ex, ['integrations', 'collection', 'teams', 'git'], ex.teams);
  doc.commentBefore = header(ex);
  return yamlText(doc);
}

/** The config as a directory: `-c DIR` reads every *.yaml in it (not recursively) and merges them. */
export function renderSplitFiles(ex: ExportedConfig): ExportFile[] {
  const shared = documentOf(ex, ['integrations', 'collection'], []);
  shared.commentBefore = header(ex, ['', 'One directory config: integrations and collection here, Git settings in git.yaml,', 'one team-<id>.yaml per team. Load it with -c on the directory.']);
  const files: ExportFile[] = [{ name: 'integrations.yaml', text: yamlText(shared) }];
  const withSchema = (doc: Document): string => {
    doc.commentBefore = schemaComment('emctl');
    return yamlText(doc);
  };
  files.push({ name: 'git.yaml', text: withSchema(documentOf(ex, ['git'], [])) });
  for (const team of ex.teams) {
    files.push({ name: `team-${team.id}.yaml`, text: withSchema(documentOf(ex, ['teams'], [team])) });
  }
  return files;
}

/** An emulator fixture, one entity or repository per line, like examples/acme/emulator.yaml. */
export function renderFixtureYaml(fixture: Fixture): string {
  const doc = new Document(fixture);
  styleInline(doc, 20);
  doc.commentBefore = [schemaComment('fixture'), '', ...FIXTURE_HEADER.map((l) => ` ${l}`)].join('\n');
  return yamlText(doc);
}
