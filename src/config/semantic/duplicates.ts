// The same board, epic, label, field, area, project/team pair, repository or service twice in one
// list: the service refuses an entity named twice (invalid_scope, duplicate_entity). Entries are
// compared as written; the same entity once by id and once by name cannot be known offline.

import type { Path } from '../describe.js';
import { describePath } from '../describe.js';
import type { PlainValue } from '../yaml/source.js';
import { keysOf, listOf, mapOf, pmScopes, type CheckContext } from './context.js';

/** A comparable spelling of a list entry, or undefined for entries the schema already refused. */
type Identify = (v: PlainValue) => string | undefined;

const entityIdentity: Identify = (v) => {
  if (typeof v === 'string') return `"${v}"`;
  const name = mapOf(v)?.name;
  return typeof name === 'string' ? `{ name: "${name}" }` : undefined;
};
const scalarIdentity: Identify = (v) => (typeof v === 'string' ? `\`${v}\`` : typeof v === 'number' ? String(v) : undefined);
const fieldIdentity: Identify = (v) => {
  const m = mapOf(v);
  if (typeof m?.id === 'string') return `"${m.id}"`;
  return typeof m?.name === 'string' ? `{ name: "${m.name}" }` : undefined;
};
const projectTeamIdentity: Identify = (v) => {
  const m = mapOf(v);
  const project = entityIdentity(m?.project ?? null);
  const team = entityIdentity(m?.team ?? null);
  return project && team ? `${project} with team ${team}` : undefined;
};

function checkList(ctx: CheckContext, path: Path, list: PlainValue | undefined, identify: Identify, noun: string): void {
  const seen = new Map<string, number>();
  // The list's words and each first entry's line once, however often it repeats (200,000 times in a hostile file).
  let where: string | undefined;
  const lineOfFirst = new Map<number, number>();
  listOf(list).forEach((item, i) => {
    const id = identify(item);
    if (id === undefined) return;
    const first = seen.get(id);
    if (first === undefined) {
      seen.set(id, i);
      return;
    }
    let line = lineOfFirst.get(first);
    if (line === undefined) lineOfFirst.set(first, (line = ctx.lineOf([...path, first])));
    where ??= describePath(path);
    ctx.error([...path, i], `${noun} ${id} appears twice in ${where} (first at line ${line})`);
  });
}

export function checkDuplicates(ctx: CheckContext): void {
  const collection = mapOf(ctx.doc.collection);
  for (const key of keysOf(collection)) {
    const sel = mapOf(collection?.[key]);
    checkList(ctx, ['collection', key, 'boards'], sel?.boards, entityIdentity, 'board');
    checkList(ctx, ['collection', key, 'projects'], sel?.projects, entityIdentity, 'project');
  }
  for (const [team, key, scope] of pmScopes(ctx.doc)) {
    const path = ['teams', team, 'pm', key];
    checkList(ctx, [...path, 'boards'], scope.boards, entityIdentity, 'board');
    checkList(ctx, [...path, 'epics'], scope.epics, entityIdentity, 'epic');
    checkList(ctx, [...path, 'labels'], scope.labels, scalarIdentity, 'label');
    checkList(ctx, [...path, 'fields'], scope.fields, fieldIdentity, 'field');
    checkList(ctx, [...path, 'project_team_areas'], scope.project_team_areas, projectTeamIdentity, 'project');
    listOf(scope.project_team_areas).forEach((entry, i) =>
      checkList(ctx, [...path, 'project_team_areas', i, 'areas'], mapOf(entry)?.areas, entityIdentity, 'area'),
    );
  }
  const teams = mapOf(ctx.doc.teams);
  for (const team of keysOf(teams)) {
    const git = mapOf(mapOf(teams?.[team])?.git);
    checkList(ctx, ['teams', team, 'git', 'repositories'], git?.repositories, scalarIdentity, 'repository');
    checkList(ctx, ['teams', team, 'git', 'services'], git?.services, scalarIdentity, 'service');
  }
  const monitoring = mapOf(mapOf(ctx.doc.git)?.monitoring);
  checkList(ctx, ['git', 'monitoring', 'include'], monitoring?.include, scalarIdentity, 'pattern');
  checkList(ctx, ['git', 'monitoring', 'exclude'], monitoring?.exclude, scalarIdentity, 'pattern');
}
