// Walk paginated lists to the end. A list read must never come back partial: a failed page
// throws, and a list that moved while being read (total changed, a page short, an item twice) is
// read again from the start, then refused, so a failed read never looks like "nothing exists".
// Pages by offset (the entity lists, the service's own lists) or by page number (repositories).
// After the first page the rest are requested together; the client's pacing and concurrency
// decide how many actually run at once.

import { EmctlError } from '../contract/errors.js';
import type { EntityListResponse } from '../contract/types.js';
import type { ListRepositoriesResponse, Repository } from '../contract/git-types.js';

/** Full reads of a list that keeps changing under us before giving up. */
export const LIST_READ_TRIES = 3;

class ListMovedError extends Error {}

/** `giveUp` makes the error of the last try from what moved (default: "kept changing"). */
async function withRereads<T>(what: string, read: () => Promise<T>, giveUp?: (moved: string, tries: number) => Error): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await read();
    } catch (error) {
      if (!(error instanceof ListMovedError)) throw error;
      if (attempt >= LIST_READ_TRIES) {
        throw giveUp?.(error.message, attempt) ?? new EmctlError('api', `${what} kept changing while being read (${error.message}); tried ${attempt} times, try again later`);
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

/** A page of the service's own lists (DESIGN.md section 13): `total` and the items at an offset. */
export interface OffsetPage<T> {
  total: number;
  items: T[];
}

/**
 * More items than any organization has (4,000 pages of 50): a `total` past it is a broken answer,
 * refused before a single page more is asked for, not a read of millions of pages.
 */
export const LIST_ITEMS_MAX = 200_000;

/**
 * Reads a list paged by offset and page size to its `total`. Pages after the first are requested
 * together. A page whose total differs, that is short, or that holds an item already read means
 * the list moved: it is read again (LIST_READ_TRIES in all), then refused with `shapeError`, which
 * names the route. A page that repeats an earlier one whole (a service that ignores the offset)
 * and a total past LIST_ITEMS_MAX are refused at once: reading again would only repeat them.
 * `firstPageAnswered` is told when the first page came: a failure after it is not "no such list".
 */
export function collectOffsetPages<T extends { id: number }>(
  fetchPage: (offset: number, pageSize: number) => Promise<OffsetPage<T>>,
  pageSize: number,
  shapeError: (problem: string) => Error,
  firstPageAnswered?: () => void,
): Promise<T[]> {
  const giveUp = (moved: string, tries: number) => shapeError(`its pages disagree with its total after ${tries} reads (${moved})`);
  return withRereads(
    '',
    async () => {
      const first = await fetchPage(0, pageSize);
      firstPageAnswered?.();
      const total = first.total;
      if (total > LIST_ITEMS_MAX) throw shapeError(`total ${total} is more items than emctl reads (${LIST_ITEMS_MAX})`);
      const offsets: number[] = [];
      for (let offset = pageSize; offset < total; offset += pageSize) offsets.push(offset);
      const pages = [first, ...(await Promise.all(offsets.map((offset) => fetchPage(offset, pageSize))))];
      const items: T[] = [];
      /** id -> the index of the page that held it. */
      const pageOf = new Map<number, number>();
      pages.forEach((page, index) => {
        const offset = index * pageSize;
        if (page.total !== total) throw new ListMovedError(`total went from ${total} to ${page.total}`);
        const expected = Math.max(0, Math.min(pageSize, total - offset));
        const earlier = repeatedPage(page.items, pageOf, pages);
        if (earlier !== undefined) throw shapeError(`the pages at offset ${earlier * pageSize} and ${offset} hold the same ${page.items.length} items: the service does not page by offset`);
        if (page.items.length !== expected) throw new ListMovedError(`the page at offset ${offset} held ${page.items.length} items, expected ${expected}`);
        for (const item of page.items) {
          if (pageOf.has(item.id)) throw new ListMovedError(`item ${item.id} appeared twice`);
          pageOf.set(item.id, index);
          items.push(item);
        }
      });
      return items;
    },
    giveUp,
  );
}

/** The index of an earlier page holding exactly these items, if any. */
function repeatedPage(items: readonly { id: number }[], pageOf: ReadonlyMap<number, number>, pages: readonly OffsetPage<unknown>[]): number | undefined {
  const first = items[0];
  if (first === undefined) return undefined;
  const earlier = pageOf.get(first.id);
  if (earlier === undefined || pages[earlier]?.items.length !== items.length) return undefined;
  return items.every((item) => pageOf.get(item.id) === earlier) ? earlier : undefined;
}
