// The repository override kind's calls: per repository, the fewest calls the API allows.

import type { RepoSection } from '../../../contract/git-types.js';
import { RECOMPUTE_SECTIONS } from '../../../contract/git-types.js';
import type { TargetOf } from '../../draft.js';
import { groupBy, operation, type DraftOperation } from '../../ops-common.js';
import type { KindChange } from '../kind.js';

type RepoOverrideChange = KindChange<TargetOf<'repo-override'>>;

/**
 * Per repository: ONE DELETE /config when every override goes and none is added; PUT when it
 * takes fewer calls than PATCH + a DELETE per removed section, provided the overrides it must
 * re-send unchanged include no recompute section; PATCH (changed and added sections) plus one
 * DELETE /config/{section} per removed section otherwise.
 */
export function planRepositorySettings(changes: readonly RepoOverrideChange[]): DraftOperation[] {
  const byRepo = groupBy(changes, (c) => c.target.repo);
  const ops: DraftOperation[] = [];
  for (const [ctx, list] of byRepo) {
    const section = (c: RepoOverrideChange) => c.target.section;
    const writes = list.filter((c) => c.change.action !== 'remove');
    const removes = list.filter((c) => c.change.action === 'remove');
    const touched = new Set(list.map(section));
    const untouched = [...ctx.live.keys()].filter((s) => !touched.has(s));
    const id = ctx.repo.id;
    const path = `/api/v1/git/repositories/${id}/config`;
    const template = '/api/v1/git/repositories/{repo_id}/config';
    const written = (s: RepoSection) => (ctx.desired as Record<string, unknown>)[s];
    const name = ctx.repo.name;
    if (writes.length === 0 && untouched.length === 0) {
      const op = operation('first', `repo-config.${id}.delete`, 'DELETE', template, path, `remove every override of ${name}`);
      op.addresses = list.map((c) => c.change.address);
      ops.push(op);
      continue;
    }
    const patchCost = (writes.length > 0 ? 1 : 0) + removes.length;
    const putAllowed = untouched.every((s) => !RECOMPUTE_SECTIONS.includes(s));
    if (patchCost > 1 && putAllowed) {
      const body: Record<string, unknown> = {};
      for (const c of writes) body[section(c)] = written(section(c));
      for (const s of untouched) body[s] = ctx.live.get(s);
      const op = operation('first', `repo-config.${id}.put`, 'PUT', template, path, `replace the overrides of ${name}`, body);
      op.addresses = list.map((c) => c.change.address);
      ops.push(op);
      continue;
    }
    if (writes.length > 0) {
      const body: Record<string, unknown> = {};
      for (const c of writes) body[section(c)] = written(section(c));
      const op = operation('first', `repo-config.${id}.patch`, 'PATCH', template, path, `override ${Object.keys(body).join(', ')} of ${name}`, body);
      op.addresses = writes.map((c) => c.change.address);
      ops.push(op);
    }
    for (const c of removes) {
      const s = section(c);
      const op = operation(
        'first',
        `repo-config.${id}.delete.${s}`,
        'DELETE',
        '/api/v1/git/repositories/{repo_id}/config/{section}',
        `${path}/${s}`,
        `remove the ${s} override of ${name}`,
      );
      op.addresses = [c.change.address];
      ops.push(op);
    }
  }
  return ops;
}
