// What a fired alert says in its notification, in the reader's language, and the screen a tap
// on it opens (a hash route of src/app/router.ts).

import { bsDate } from '../../bs-date.ts';
import { digits } from '../../digits.ts';
import { formatRupees } from '../format.ts';
import type { AlertEvent } from './types.ts';

export interface AlertNotice {
  title: string;
  body: string;
  /** the hash route a tap opens, e.g. `#/market/symbol/NABIL` */
  route: string;
}

const dateOf = (ad: string, lang: 'ne' | 'en') => {
  const bs = bsDate(ad, lang);
  return bs ? `${bs} (${digits(ad, lang)})` : digits(ad, lang);
};

export function alertNotice(e: AlertEvent, lang: 'ne' | 'en'): AlertNotice {
  const ne = lang === 'ne';
  switch (e.kind) {
    case 'price': {
      const level = formatRupees(e.level, lang);
      const price = formatRupees(e.price, lang);
      const up = e.direction === 'above';
      return {
        title: ne ? `${e.symbol}: मूल्य ${level} ${up ? 'माथि पुग्यो' : 'तल झर्‍यो'}` : `${e.symbol} ${up ? 'rose to' : 'fell to'} ${level}`,
        body: ne ? `अन्तिम मूल्य ${price}` : `Last traded price ${price}`,
        route: `#/market/symbol/${encodeURIComponent(e.symbol)}`,
      };
    }
    case 'bookclose': {
      const when = e.days === 0 ? (ne ? 'आज' : 'today') : ne ? `${digits(e.days, lang)} दिनमा` : `in ${e.days} day${e.days === 1 ? '' : 's'}`;
      return {
        title: ne ? `${e.symbol}: बुक क्लोज ${when}` : `${e.symbol}: book close ${when}`,
        body: ne ? `बुक क्लोज मिति ${dateOf(e.date, lang)}` : `Book close date ${dateOf(e.date, lang)}`,
        route: `#/market/symbol/${encodeURIComponent(e.symbol)}`,
      };
    }
    case 'ipo-open':
      return {
        title: ne ? `आईपीओ आज खुल्यो: ${e.company}` : `IPO opens today: ${e.company}`,
        body: ne ? `आवेदन ${dateOf(e.date, lang)} देखि` : `Applications from ${dateOf(e.date, lang)}`,
        route: '#/market/ipo',
      };
    case 'ipo-close':
      return {
        title: ne ? `आईपीओ आज बन्द हुन्छ: ${e.company}` : `IPO closes today: ${e.company}`,
        body: ne ? `अन्तिम दिन ${dateOf(e.date, lang)}` : `Last day ${dateOf(e.date, lang)}`,
        route: '#/market/ipo',
      };
  }
}
