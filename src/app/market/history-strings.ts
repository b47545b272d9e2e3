// The interface text of the index history, intraday chart and floor sheet, Nepali and English
// (as strings.ts does for the rest of the market section).

import type { Lang } from '../../core/market/format.ts';
import type { HistoryRange } from '../../core/market/index-history.ts';
import { plural, useStrings } from '../i18n.ts';

const ne = {
  historyTitle: 'सूचकाङ्कको इतिहास',
  indexLabel: 'सूचकाङ्क',
  range: { '1m': '१ महिना', '3m': '३ महिना', '6m': '६ महिना', '1y': '१ वर्ष', '5y': '५ वर्ष', all: 'सबै' } as Record<HistoryRange, string>,
  rangesLabel: 'अवधि',
  noPoints: 'यो अवधिको तथ्याङ्क छैन',
  chartOf: (name: string, from: string, to: string) => `${name}: ${from} देखि ${to} सम्म`,
  summary: (n: string, from: string, first: string, to: string, last: string, hi: string, lo: string) =>
    `${n} ${from} मा ${first} थियो, ${to} मा ${last}; सबैभन्दा उच्च ${hi}, न्यून ${lo}।`,
  table: 'तालिका',
  period: 'अवधि',
  close: 'बन्द',
  high: 'उच्च',
  low: 'न्यून',
  change: 'परिवर्तन',
  intradayTitle: 'आजको मूल्य',
  intradayOf: (symbol: string, day: string) => `${symbol} को ${day} को कारोबार समयभरिको मूल्य`,
  noIntraday: 'यो दिनको कारोबार समयको मूल्य छैन',
  time: 'समय',
  price: 'मूल्य',
  floorTitle: 'फ्लोरसिट',
  floorOf: (day: string) => `पछिल्लो फ्लोरसिट: ${day}`,
  noTrades: 'यो दिन कारोबार भएन',
  topBuyers: 'धेरै किन्ने ब्रोकर',
  topSellers: 'धेरै बेच्ने ब्रोकर',
  broker: 'ब्रोकर',
  qty: 'सङ्ख्या',
  amount: 'रकम',
  trades: 'कारोबार',
  buyer: 'किन्ने',
  seller: 'बेच्ने',
  rate: 'दर',
  contract: 'सम्झौता नं.',
  tradesOf: (n: string) => `${n} कारोबार`,
  notPublished: 'माथिल्लो स्रोतले यो फाइल प्रकाशित गरेको छैन',
};

const en: typeof ne = {
  historyTitle: 'Index history',
  indexLabel: 'Index',
  range: { '1m': '1 month', '3m': '3 months', '6m': '6 months', '1y': '1 year', '5y': '5 years', all: 'All' },
  rangesLabel: 'Range',
  noPoints: 'No data for this range',
  chartOf: (name, from, to) => `${name}: ${from} to ${to}`,
  summary: (n, from, first, to, last, hi, lo) => `${n} was ${first} on ${from} and ${last} on ${to}; highest ${hi}, lowest ${lo}.`,
  table: 'Table',
  period: 'Period',
  close: 'Close',
  high: 'High',
  low: 'Low',
  change: 'Change',
  intradayTitle: "Today's prices",
  intradayOf: (symbol, day) => `${symbol} through the trading day of ${day}`,
  noIntraday: 'No intraday prices for this day',
  time: 'Time',
  price: 'Price',
  floorTitle: 'Floor sheet',
  floorOf: (day) => `Latest floor sheet: ${day}`,
  noTrades: 'No trades that day',
  topBuyers: 'Top buying brokers',
  topSellers: 'Top selling brokers',
  broker: 'Broker',
  qty: 'Quantity',
  amount: 'Amount',
  trades: 'Trades',
  buyer: 'Buyer',
  seller: 'Seller',
  rate: 'Rate',
  contract: 'Contract no.',
  tradesOf: (n) => `${n} ${plural(n, 'trade', 'trades')}`,
  notPublished: 'The upstream does not publish this file',
};

export const HISTORY_STRINGS: Record<Lang, typeof ne> = { ne, en };
export const useHS = (): typeof ne => useStrings(HISTORY_STRINGS);
