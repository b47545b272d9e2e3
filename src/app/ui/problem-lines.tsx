// A refused file's problems in the reader's language: each names the file, the record and the
// field, and says what is wrong (core/problems.ts Saying). The names, fields and found values are
// the file's own words (in <code>); a problem without a saying shows its English as it was.

import type { ComponentChildren } from 'preact';
import { count, digits } from '../../core/digits.ts';
import type { ExpectKey, Problem, SayKey } from '../../core/problems.ts';
import { type Lang, useLang } from '../i18n.ts';
import { fill } from './fill.tsx';

type Table = {
  says: Record<SayKey, string>;
  expect: Record<ExpectKey, string>;
  found: string;
  entry: string;
  more: (n: string) => string;
};

const ne: Table = {
  says: {
    expected: '{what} हुनुपर्थ्यो',
    'not-json': 'यो JSON फाइल होइन ({detail})',
    'not-khoj': 'यो खोजको डाटा फाइल होइन ({format} भएन)',
    newer: 'यो फाइल खोजको नयाँ संस्करणले बनाएको हो (फाइल संस्करण {version}, यो एपले {reads} सम्म पढ्छ): एप अद्यावधिक गरेर फेरि ल्याउनुहोस्',
    'too-many': '{count} वटा पङ्क्ति, एउटा फाइलमा हुनसक्ने {max} भन्दा बढी',
    'too-large': 'फाइल धेरै ठूलो छ ({size}, बढीमा {max} हुनसक्छ)',
    needs: '{kind} कारोबारमा {field} चाहिन्छ',
    negative: 'कित्ता शून्य वा बढी हुनुपर्छ, तर {found} छ',
    oversold: '{sold} कित्ता बेचिएको छ, तर {held} मात्र छ',
    'same-merger': 'एउटै कम्पनीमा गाभिएको',
    'csv-line': 'पङ्क्ति {line} पढ्न सकिएन ({detail})',
    'csv-columns': 'स्तम्भ {expected} हुनुपर्थ्यो, तर {found} भेटियो',
    'not-meroshare': 'यो मेरोसेयरको निर्यात होइन: {symbol} र {balance} स्तम्भ छैनन्',
    'not-kind': '{found} कारोबारको प्रकार होइन ({kinds} मध्ये एउटा हुनुपर्छ)',
    'not-date': '{found} मिति होइन',
    'not-symbol': '{found} कम्पनी सङ्केत होइन',
    'not-number': '{found} शून्य वा बढीको सङ्ख्या होइन',
    'not-shares': '{found} कित्ताको सङ्ख्या होइन',
  },
  expect: {
    'non-empty-string': 'खाली नभएको पाठ',
    string: 'पाठ',
    'time-ms': 'समय (मिलिसेकेन्डमा)',
    time: 'समय',
    page: '१ वा बढीको पृष्ठ सङ्ख्या',
    whole: 'पूर्ण सङ्ख्या',
    'whole-from-1': '१ वा बढीको पूर्ण सङ्ख्या',
    positive: 'शून्यभन्दा ठूलो सङ्ख्या',
    fraction: '० देखि १ सम्मको सङ्ख्या',
    seconds: '० वा बढी सेकेन्ड',
    'above-zero': 'शून्यभन्दा ठूलो सङ्ख्या',
    'number-or-null': 'सङ्ख्या वा {null}',
    date: 'ई.सं. मिति',
    'from-zero': '० वा बढीको सङ्ख्या',
    number: 'सङ्ख्या',
    list: 'सूची',
    object: 'वस्तु',
    'one-of': '{choices} मध्ये एउटा',
    'non-empty-text-up-to': 'बढीमा {max} अक्षरको, खाली नभएको पाठ',
    'text-up-to': 'बढीमा {max} अक्षरको पाठ',
    'time-until': '० देखि आजभन्दा एक दिनपछिसम्मको समय (मिलिसेकेन्डमा)',
    range: '{min} देखि {max} सम्मको सङ्ख्या',
    'range-above': '{min} भन्दा ठूलो, {max} सम्मको सङ्ख्या',
    'range-or-null': '{null} वा {min} देखि {max} सम्मको सङ्ख्या',
    'whole-range': '{min} देखि {max} सम्मको पूर्ण सङ्ख्या',
    'page-range': '{min} देखि {max} सम्मको पृष्ठ सङ्ख्या',
    'seconds-up-to': '० देखि {max} सेकेन्ड',
    address: 'खाली ("" पूर्वनिर्धारित) वा http(s) ठेगाना',
  },
  found: ', तर {found} भेटियो',
  entry: 'प्रविष्टि {n}',
  more: (n) => `र अरू ${n} समस्या`,
};

const en: Table = {
  says: {
    expected: 'expected {what}',
    'not-json': 'not a JSON file ({detail})',
    'not-khoj': 'not a Khoj data file (no {format})',
    newer: 'made by a newer Khoj (file version {version}, this app reads up to {reads}): update the app, then import it again',
    'too-many': '{count} records, more than the {max} a file may hold',
    'too-large': 'the file is too large ({size}, at most {max})',
    needs: 'a {kind} needs {field}',
    negative: 'the quantity must be 0 or more, found {found}',
    oversold: 'sells {sold} shares, but {held} are held',
    'same-merger': 'a merger into the same symbol',
    'csv-line': 'line {line} could not be read ({detail})',
    'csv-columns': 'expected the columns {expected}; found {found}',
    'not-meroshare': 'not a MeroShare export: no {symbol} and {balance} columns',
    'not-kind': '{found} is not a kind of transaction (one of {kinds})',
    'not-date': '{found} is not a date',
    'not-symbol': '{found} is not a symbol',
    'not-number': '{found} is not a number of 0 or more',
    'not-shares': '{found} is not a number of shares',
  },
  expect: {
    'non-empty-string': 'a non-empty text',
    string: 'a text',
    'time-ms': 'a time in milliseconds',
    time: 'a time',
    page: 'a page number from 1',
    whole: 'a whole number',
    'whole-from-1': 'a whole number from 1',
    positive: 'a positive number',
    fraction: 'a number from 0 to 1',
    seconds: 'a number of seconds from 0',
    'above-zero': 'a number above 0',
    'number-or-null': 'a number or {null}',
    date: 'a date (AD)',
    'from-zero': 'a number from 0',
    number: 'a number',
    list: 'a list',
    object: 'an object',
    'one-of': 'one of {choices}',
    'non-empty-text-up-to': 'a non-empty text of at most {max} characters',
    'text-up-to': 'a text of at most {max} characters',
    'time-until': 'a time in milliseconds from 0 to a day from now',
    range: 'a number from {min} to {max}',
    'range-above': 'a number above {min}, up to {max}',
    'range-or-null': '{null} or a number from {min} to {max}',
    'whole-range': 'a whole number from {min} to {max}',
    'page-range': 'a page number from {min} to {max}',
    'seconds-up-to': 'from 0 to {max} seconds',
    address: 'empty ("" for the default) or an http(s) address',
  },
  found: ', found {found}',
  entry: 'entry {n}',
  more: (n) => `and ${n} more problems`,
};

const TABLES: Record<Lang, Table> = { ne, en };
/** Values that are counts (in the interface's digits); the rest are the file's own words. */
const COUNTS = new Set(['version', 'reads', 'sold', 'held', 'line', 'count', 'max', 'min', 'size']);

/** A count in the interface's digits and grouping (1,000,000 is १०,००,००० in Nepali); a decimal as written. */
const number = (x: string, lang: Lang) => (/^\d{1,3}(,\d{3})*$/.test(x) ? count(Number(x.replace(/,/g, '')), lang) : digits(x, lang));

/** One problem's sentence. */
function Line({ p, t, lang }: { p: Problem; t: Table; lang: Lang }) {
  const where: ComponentChildren[] = [<code key="f">{p.file}</code>];
  if (p.record) {
    where.push(': ', fill(t.entry, { n: digits(p.record.index, lang) }));
    if (p.record.word !== undefined) where.push(' ', <code key="w">{p.record.word}</code>);
  }
  if (p.path) where.push(': ', <code key="p">{p.path}</code>);
  if (!p.say) return <li>{[...where, ': ', <code lang="en">{p.message}</code>]}</li>;
  const v = p.say.values ?? {};
  const parts: Record<string, ComponentChildren> = {};
  for (const [k, x] of Object.entries(v)) parts[k] = COUNTS.has(k) ? number(x, lang) : <code>{x}</code>;
  parts.null = <code>null</code>;
  if (p.say.key === 'expected') parts.what = fill(t.expect[v.what as ExpectKey] ?? v.what ?? '', parts);
  return (
    <li data-say={p.say.key}>
      {where}: {fill(t.says[p.say.key], parts)}
      {p.say.key === 'expected' && v.found !== undefined ? fill(t.found, parts) : null}
    </li>
  );
}

/** Every problem of a refused file, a line each. */
export function ProblemLines({ problems, more = 0, id }: { problems: readonly Problem[]; more?: number; id?: string }) {
  const lang = useLang();
  const t = TABLES[lang];
  return (
    <ul class="problem-lines" id={id}>
      {problems.map((p, i) => (
        <Line key={i} p={p} t={t} lang={lang} />
      ))}
      {more > 0 ? <li>{t.more(digits(more, lang))}</li> : null}
    </ul>
  );
}
