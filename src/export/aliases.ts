// Integration aliases for an exported config: readable names derived from display names
// ("Acme Tracker" -> acme-tracker), pinned to ids in the file so a later rename in the service
// does not break the config. Pure.

import type { Integration } from '../contract/types.js';

/** Lower-case words joined by `-`; accents dropped; always starts with a letter. */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (slug === '') return 'integration';
  return /^[a-z]/.test(slug) ? slug : `i-${slug}`;
}

/**
 * One alias per integration, unique. Integrations are taken in id order, so the oldest keeps the
 * plain slug and a later one with the same slug gets its id appended (`acme-tracker-12`).
 */
export function deriveAliases(integrations: readonly Integration[]): Map<number, string> {
  const out = new Map<number, string>();
  const taken = new Set<string>();
  for (const integration of [...integrations].sort((a, b) => a.id - b.id)) {
    let alias = slugify(integration.name);
    if (taken.has(alias)) alias = `${alias}-${integration.id}`;
    for (let n = 2; taken.has(alias); n++) alias = `${slugify(integration.name)}-${integration.id}-${n}`;
    taken.add(alias);
    out.set(integration.id, alias);
  }
  return out;
}
