// Calendar days as the config and the API write them (yyyy-mm-dd), and "today" as a person reads
// an `until:` date: one rule for every room that takes a date. "Now" is always a parameter.

const DAY = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/;

/** A real calendar date written yyyy-mm-dd (2026-02-30 is not one). */
export function isDate(text: string): boolean {
  const m = DAY.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/**
 * `now` as yyyy-mm-dd in the local time zone of the machine running emctl: `until: 2026-01-31`
 * holds through the whole of 31 January where the check runs (CI runners are usually UTC).
 */
export function localToday(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
