// `measurements --from`'s selection (src/measure/store/request.ts) reads the request flags through
// the parser of a live run (src/measure/flags.ts): lists repeated or comma-separated and trimmed,
// labels never split, a value of digits an id. These cases pin what it makes of them, and each
// error it gives.

import { describe, expect, it } from 'vitest';
import type { MeasurementsOptions } from '../../../src/measure/flags.js';
import { canonicalFilters } from '../../../src/measure/store/filters.js';
import type { StoredRequest } from '../../../src/measure/store/read.js';
import { storedRequest } from '../../../src/measure/store/request.js';

const asked = (flags: Partial<MeasurementsOptions>, globals = {}): StoredRequest => storedRequest({ api: 'v2', ...flags }, globals);

const none = { teamIds: [], repositoryIds: [], contributorIds: [], serviceIds: [], labels: [], withChildren: false };

describe('storedRequest', () => {
  it.each<[string, Partial<MeasurementsOptions>, StoredRequest]>([
    ['nothing: the whole store', {}, {}],
    ['metrics repeated and comma-separated, trimmed, each once', { metric: ['pr.merged, releases.count', 'pr.merged', ' ,'] }, { metrics: ['pr.merged', 'releases.count'] }],
    ['the group-by dimension\'s values pick groups, ids and names alike', { groupBy: 'team', team: ['42,Payments', ' 7 '] }, { groupBy: 'team', groups: ['42', 'Payments', '7'] }],
    ['an id written with leading zeros is the id a live run asks for', { groupBy: 'repository', repository: ['007'] }, { groupBy: 'repository', groups: ['7'] }],
    ['contributor ids are kept as written', { groupBy: 'contributor', contributor: ['0501'] }, { groupBy: 'contributor', groups: ['0501'] }],
    [
      'the other lists are filters, by id; labels are not split at commas',
      { groupBy: 'repository', team: ['42,7'], service: ['3'], label: ['a,b'], withChildren: true },
      { groupBy: 'repository', filters: canonicalFilters('repository', { ...none, teamIds: [42, 7], serviceIds: [3], labels: ['a,b'], withChildren: true }) },
    ],
    ['--with-children alone is a filter', { withChildren: true }, { filters: canonicalFilters('organization', { ...none, withChildren: true }) }],
    ['--last', { rollUp: '1w', last: '12w' }, { rollUp: '1w', window: { last: '12w' } }],
    ['--after alone runs to the end of the store', { after: '2026-09-01' }, { window: { after: '2026-09-01', before: '9999-12-31' } }],
    ['order and limit', { metric: ['pr.merged'], orderBy: 'pr.merged', desc: true, limit: '5' }, { metrics: ['pr.merged'], orderBy: 'pr.merged', orderDir: 'desc', limit: 5 }],
  ])('%s', (_, flags, expected) => {
    expect(asked(flags)).toEqual(expected);
  });

  it('names the service as the source: the emulator by its fixture, a base URL by its origin', () => {
    expect(asked({}, { emulator: 'fixture.yaml' }).source).toBe('emulator:fixture.yaml');
    expect(asked({}, { baseUrl: ' https://em.example.com/api ' }).source).toBe('https://em.example.com');
  });

  it.each<[string, Partial<MeasurementsOptions>, string]>([
    ['--server-export', { serverExport: true }, '--from reads stored rows; --server-export asks the service: give one of them'],
    ['--api v1', { api: 'v1' }, '--from reads stored rows; --api asks the service: give one of them'],
    ['a group-by the API lacks', { groupBy: 'tribe' }, '--group-by: one of organization, team, repository, contributor, coding_assistant, ai_review, agentic_pr; got tribe'],
    ['a roll-up the API lacks', { rollUp: '2w' }, '--roll-up: one of 1d, 1w, 1mo, custom; got 2w'],
    ['--last beside --after', { last: '12w', after: '2026-09-01' }, '--last is a window of its own: give --last or --after/--before, not both'],
    ['a --last of no form', { last: '12y' }, '--last takes N days, weeks or months (90d, 12w, 6mo); got 12y'],
    ['a date that is none', { before: '2026-02-30' }, '--before takes a date yyyy-mm-dd; got 2026-02-30'],
    ['a filter by name', { groupBy: 'repository', team: ['42', 'Payments'] }, '--team with --from takes ids (the store keeps filters by id): Payments'],
    ['teams: managed as a filter', { groupBy: 'repository', team: ['managed'] }, '--team with --from takes ids (the store keeps filters by id): managed'],
    ['a contributor filter that is no id', { groupBy: 'team', contributor: ['ana'] }, '--contributor with --from takes ids (the store keeps filters by id): ana'],
    ['a group list with no group-by', { team: ['42'] }, '--from with --team, --repository or --contributor needs --group-by (which dimension they pick groups of)'],
    ['a limit of words', { limit: 'ten' }, '--limit must be an integer >= 1; got ten'],
    ['a limit of 0', { limit: '0' }, '--limit must be an integer >= 1; got 0'],
  ])('refuses %s', (_, flags, message) => {
    expect(() => asked(flags)).toThrow(message);
  });
});
