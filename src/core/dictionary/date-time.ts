// RFC 3339 date-time as ajv-formats' full mode reads it, for the contract's `format: date-time`
// (the generated file validators call it; tests/dictionary/check-file.test.ts holds it to ajv-formats).

const DAYS = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const DATE_TIME = /^(\d{4})-(\d\d)-(\d\d)[Tt ](\d\d):(\d\d):(\d\d(?:\.\d+)?)(?:[Zz]|([+-])(\d\d)(?::?(\d\d))?)$/;

/** RFC 3339 date-time, as ajv-formats' full mode reads it (leap seconds included). */
export function isDateTime(s: string): boolean {
  const m = DATE_TIME.exec(s);
  if (!m) return false;
  const [y, mo, d, h, mi, sec] = [m[1], m[2], m[3], m[4], m[5], m[6]].map(Number) as number[] as [number, number, number, number, number, number];
  const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  if (mo < 1 || mo > 12 || d < 1 || d > (mo === 2 && leap ? 29 : DAYS[mo]!)) return false;
  const sign = m[7] === '-' ? -1 : 1;
  const tzH = Number(m[8] ?? 0);
  const tzM = Number(m[9] ?? 0);
  if (tzH > 23 || tzM > 59) return false;
  if (h <= 23 && mi <= 59 && sec < 60) return true;
  const utcMin = mi - tzM * sign;
  const utcHr = h - tzH * sign - (utcMin < 0 ? 1 : 0);
  return (utcHr === 23 || utcHr === -1) && (utcMin === 59 || utcMin === -1) && sec < 61;
}
