// Walk paginated lists to the end. A list read must never come back partial: a failed page
// throws, and a list that moved while being read (total changed, a page short, an item twice) is
// read again from the start, then refused, so a failed read never looks like "nothing exists".
// After the first page the rest are requested together; the client's pacing and concurrency
// decide how many actually run at once.

import { EmctlError } from '../contract/errors.js';
import type { EntityListResponse } from '../contract/types.js';
import type { ListRepositoriesResponse, Repository } from '../contract/git-types.js';

/** Full reads of a list that keeps changing under us before giving up. */
export const LIST_READ_TRIES = 3;

class ListMovedError extends Error {}

async function withRereads<T>(what: string, read: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await read();
    } catch (error) {
      if (!(error instanceof ListMovedError)) throw error;
      if (attempt >= LIST_READ_TRIES) {
        throw new EmctlError('api', `${what} kept changing while being read (${error.message}); tried ${attempt} times, try again later`);
      }
    }
  }
}

/** Reads every entity across integrations by offset/limit and merges the pages per integration. */
export function collectEntityPages(
  what: string,
  fetchPage: (offset: number, limit: number) => Promise<EntityListResponse>,
  limit: number,
): Promise<EntityListResponse> {
  return withRereads(what, async () => {
    const first = await fetchPage(0, limit);
    const total = first.total;
    const offsets: number[] = [];
    for (let offset = limit; offset < total; offset += limit) offsets.push(offset);
    const rest = await Promise.all(offsets.map((offset) => fetchPage(offset, limit)));
    const pages = [first, ...rest];

    const merged: EntityListResponse = { total, offset: 0, type: first.type, integrations: [] };
    const byIntegration = new Map<number, EntityListResponse['integrations'][number]>();
    const seen = new Set<string>();
    pages.forEach((page, index) => {
      if (page.total !== total) throw new ListMovedError(`total went from ${total} to ${page.total}`);
      const expected = Math.min(limit, total - index * limit);
      const got = page.integrations.reduce((n, g) => n + g.entities.length, 0);
      if (got !== expected) throw new ListMovedError(`page at offset ${index * limit} held ${got} entities, expected ${expected}`);
      for (const group of page.integrations) {
        let target = byIntegration.get(group.integration_id);
        if (!target) {
          target = { ...group, entities: [] };
          byIntegration.set(group.integration_id, target);
          merged.integrations.push(target);
        }
        for (const entity of group.entities) {
          const key = `${group.integration_id}/${entity.entity_provider_id}`;
          if (seen.has(key)) throw new ListMovedError(`entity ${key} appeared twice`);
          seen.add(key);
          target.entities.push(entity);
        }
      }
    });
    return merged;
  });
}

/** Reads every repository page by page number. */
export function collectRepositoryPages(
  what: string,
  fetchPage: (page: number, pageSize: number) => Promise<ListRepositoriesResponse>,
  pageSize: number,
): Promise<Repository[]> {
  return withRereads(what, async () => {
    const first = await fetchPage(1, pageSize);
    const total = first.total;
    const pageCount = Math.ceil(total / pageSize);
    const numbers: number[] = [];
    for (let page = 2; page <= pageCount; page++) numbers.push(page);
    const rest = await Promise.all(numbers.map((page) => fetchPage(page, pageSize)));
    const items: Repository[] = [];
    const seen = new Set<number>();
    [first, ...rest].forEach((page, index) => {
      if (page.total !== total) throw new ListMovedError(`total went from ${total} to ${page.total}`);
      const expected = Math.max(0, Math.min(pageSize, total - index * pageSize));
      if (page.items.length !== expected) throw new ListMovedError(`page ${index + 1} held ${page.items.length} repositories, expected ${expected}`);
      for (const repo of page.items) {
        if (seen.has(repo.id)) throw new ListMovedError(`repository ${repo.id} appeared twice`);
        seen.add(repo.id);
        items.push(repo);
      }
    });
    return items;
  });
}
