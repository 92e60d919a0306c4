// One canonical form for both sides of every diff (dnscontrol's rule: conversion and differencing
// are separate steps). Live wire values and resolved desired values are both turned into their
// kind's form (a PM scope: kinds/pm-scope/canonical.ts; a Git settings section:
// kinds/shared/settings-section.ts), then compared by identity key; nothing else in the planner
// compares raw wire shapes. Here: the identity key and the sets every form is built of.

/** Equal values give equal keys, whatever order their object keys were built in. */
export function identityKey(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

/** `value` with every object's keys in sorted order and undefined members left out. */
export function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const v = (value as Record<string, unknown>)[key];
      if (v !== undefined) out[key] = sortKeys(v);
    }
    return out;
  }
  return value;
}

export function sortedUnique<T>(values: readonly T[]): T[] {
  const byKey = new Map<string, T>();
  for (const v of values) byKey.set(identityKey(v), v);
  return [...byKey.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, v]) => v);
}

export function sortedIds(values: readonly number[]): number[] {
  return [...new Set(values)].sort((a, b) => a - b);
}
