// @ts-check
// Large hostile configs (DESIGN 8): the texts test/robustness/yaml-bounds.test.ts holds to bounds in
// counts and bytes, and bench/yaml-bounds.mjs times. Each is made on demand: some are 20 MB.

const MB = 1024 * 1024;

/** @typedef {'list' | 'map' | 'lines' | 'after an anchor'} UnclosedForm */

/**
 * `x: [1,1,1,...` (or its map form) to about `size` bytes, never closed.
 * @param {number} size
 * @param {UnclosedForm} form
 */
export function unclosed(size, form) {
  const head = form === 'after an anchor' ? 'version: 1\na: &a 1\nx: [' : form === 'map' ? 'version: 1\nx: {' : 'version: 1\nx: [';
  // Lines of 40 items: a file of millions of lines costs its line index alone about a second of CPU.
  const item = form === 'map' ? 'k: 1, ' : form === 'lines' || form === 'after an anchor' ? `${'1, '.repeat(40)}\n  ` : '1,';
  return head + item.repeat(Math.floor(size / item.length)) + '\n';
}

/** @type {[name: string, size: number, form: UnclosedForm][]} */
export const UNCLOSED = [
  ['2 MB list on one line', 2 * MB, 'list'],
  ['10 MB list on one line', 10 * MB, 'list'],
  ['2 MB map on one line', 2 * MB, 'map'],
  ['10 MB map on one line', 10 * MB, 'map'],
  ['10 MB list over lines', 10 * MB, 'lines'],
  // An anchor sends the file past the fast reader to the `yaml` package, which alone took 1.1 GB at 2 MB.
  ['10 MB list after an anchor', 10 * MB, 'after an anchor'],
];

/** Entries with an error each in MANY_ERRORS. */
export const ERRORS = 50_000;

/** @type {[name: string, text: () => string][]} */
export const MANY_ERRORS = [
  ['unknown top-level keys', () => `version: 1\n${Array.from({ length: ERRORS }, (_, i) => `k${i}: 1\n`).join('')}`],
  ['teams with an unknown key each', () => `version: 1\nteams:\n${Array.from({ length: ERRORS }, (_, i) => `  ${i + 1}: { bogus: 1 }\n`).join('')}`],
  ['repositories with an unknown key each', () => `version: 1\ngit:\n  repositories:\n${Array.from({ length: ERRORS }, (_, i) => `    acme/r${i}: { bogus: 1 }\n`).join('')}`],
];

/** @param {number} n @param {(i: number) => string} item */
const items = (n, item) => Array.from({ length: n }, (_, i) => item(i)).join('');

/**
 * Configs that once exhausted the heap, overflowed the stack with no location, or took seconds and
 * gigabytes: each must get one located error (or 100 and a count).
 * @type {[name: string, text: () => string][]}
 */
export const HOSTILE = [
  ['a 10 MB flow list opened with [ and closed with }', () => `version: 1\nx: [${'a1, '.repeat(2_500_000)}}\n`],
  ['a 10 MB flow list over lines closed with }', () => `version: 1\nx: [\n${'  a1, a2, a3, a4,\n'.repeat(550_000)}}\n`],
  ['150,000 duplicate services', () => `version: 1\nteams:\n  42:\n    git:\n      services: [${Array(150_000).fill('7').join(', ')}]\n`],
  ['150,000 bad protected addresses', () => `version: 1\nsafety:\n  protected:\n${items(150_000, (i) => `    - "bad[${i}"\n`)}`],
  ['200,000 duplicate boards', () => `version: 1\nintegrations:\n  tracker: { id: 10 }\ncollection:\n  tracker:\n    boards: [${Array(200_000).fill('"101"').join(', ')}]\n`],
  ['a document marker inside an unclosed flow', () => `version: 1\nx: [\n${'  a1, a2, a3, a4,\n'.repeat(300_000)}---\n${'  b1, b2,\n'.repeat(300_000)}`],
  ['a quote after a closed 10 MB flow', () => `version: 1\nx: [${'a1, '.repeat(2_500_000)}] "tail\n`],
  ['19 MB of blank lines, then an unknown key', () => `version: 1\n${'\n'.repeat(19 * MB)}bogus: 1\n`],
  ['19 MB of blank lines after an anchor', () => `version: 1\nx-a: &a 1\n${'\n'.repeat(19 * MB)}`],
  ['an anchor and a 10 MB flow list on one line', () => `version: 1\nx: &a [${'a1, '.repeat(2_500_000)}]\n`],
];

/** Every text above by name, for the bench. @type {[name: string, text: () => string][]} */
/**
 * The five hostile configs that came nearest DESIGN 8's bound (a located error within 2 s of CPU and
 * 300 MB), at the sizes the bound was measured on: `npm run bench:hostile` prints their cost.
 * @type {[name: string, text: () => string][]}
 */
export const DESIGN_BOUND = [
  ...HOSTILE.filter(([name]) => ['150,000 duplicate services', '150,000 bad protected addresses', '200,000 duplicate boards'].includes(name)),
  ['100,000 unknown top-level keys', () => `version: 1\n${items(100_000, (i) => `k${i}: 1\n`)}`],
  ['100,000 bad repository entries', () => `version: 1\ngit:\n  repositories:\n${items(100_000, (i) => `    acme/r${i}: { bogus: 1 }\n`)}`],
];

export const ALL_HOSTILE = [...UNCLOSED.map(([name, size, form]) => /** @type {[string, () => string]} */ ([name, () => unclosed(size, form)])), ...MANY_ERRORS, ...HOSTILE];
