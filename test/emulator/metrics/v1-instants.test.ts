// v1 bodies take ISO 8601 instants (api-spec.md 14); the engine counts whole UTC days, so `after`
// starts its UTC day and `before` ends its own. A timestamp without an offset is UTC whatever the
// time zone the emulator runs in (Date.parse alone would read it as local time).

import { afterEach, describe, expect, it } from 'vitest';
import { parseV1Body } from '../../../src/emulator/measurements/validation.js';

const savedTz = process.env.TZ;
afterEach(() => {
  if (savedTz === undefined) delete process.env.TZ;
  else process.env.TZ = savedTz;
});

const rangeOf = (after: string, before: string) => parseV1Body({ requested_metrics: ['pr.merged'], after, before }).query.timeRanges;

describe('v1 after/before', () => {
  it.each(['UTC', 'America/Los_Angeles', 'Pacific/Kiritimati'])('no offset is UTC (TZ=%s)', (tz) => {
    process.env.TZ = tz;
    // 23:30 on 09-01 UTC is still 09-01 (in Los Angeles' reading it would be 09-02 06:30Z; in
    // Kiritimati's 09-01 09:30Z, and 09-30T01:00 would be 09-29).
    expect(rangeOf('2026-09-01T23:30:00', '2026-09-30T01:00:00')).toEqual([{ after: '2026-09-01', before: '2026-10-01' }]);
  });

  it('an offset is honoured; midnight before is exclusive, any later time ends its day', () => {
    expect(rangeOf('2026-09-01T23:30:00-02:00', '2026-09-30T00:00:00Z')).toEqual([{ after: '2026-09-02', before: '2026-09-30' }]);
    expect(rangeOf('2026-09-01', '2026-09-30T00:00:01+00:00')).toEqual([{ after: '2026-09-01', before: '2026-10-01' }]);
  });
});
