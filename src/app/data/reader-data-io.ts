// The reader's data on this device, read for the data file and written back from one
// (src/core/reader-data/ holds the format and the merge). It reads every store the reader fills
// (src/core/sections.ts SECTION.*.databases: khoj-user, khoj-books-user, khoj-market's
// watchlist, price alerts and settings, khoj-market-user) and the chosen language (localStorage); downloads,
// saved PDFs and the dictionary's offline copy stay with the device. A merge is written in one
// transaction per database, after the whole file was checked.

import { marketDb } from '../../shared/market/db.ts';
import type { MarketSettings } from '../../core/market/settings.ts';
import { makeFile, type Parts, type ReaderData, type SettingsPart } from '../../core/reader-data/format.ts';
import { checkMerged, type Merged, mergeParts } from '../../core/reader-data/merge.ts';
import { type AudioPositionRow, booksUserDb, type PositionRow } from '../books/user-db.ts';
import { chosenLang, saveLang } from '../i18n.ts';
import { changed as portfolioChanged, portfolioDb } from '../market/portfolio-db.ts';
import { userDb } from '../dictionary/user-db.ts';

declare const __KHOJ_BUILD__: string;

export async function readParts(): Promise<Parts> {
  const [dict, books, market, portfolio] = await Promise.all([userDb(), booksUserDb(), marketDb(), portfolioDb()]);
  const [bookmarks, history] = await Promise.all([dict.getAll('bookmarks'), dict.getAll('history')]);
  const [shelves, stored] = await Promise.all([books.getAll('shelves'), books.getAll('positions')]);
  const positions = stored.filter((p): p is PositionRow => p.kind !== 'audio');
  const listening = stored.filter((p): p is AudioPositionRow => p.kind === 'audio');
  const [watchlist, alerts, marketSettings] = await Promise.all([
    market.getAll('watchlist'),
    market.getAll('alerts'),
    market.get('meta', 'settings') as Promise<MarketSettings | undefined>,
  ]);
  // The device's ids stay on the device: an import gives new ones.
  const transactions = (await portfolio.getAll('transactions')).map(({ id: _id, ...t }) => t);
  const investor = await portfolio.get('settings', 'investor');
  const lang = chosenLang();
  const settings: SettingsPart = {
    ...(lang ? { lang } : {}),
    ...(marketSettings ? { market: { upstream: marketSettings.upstream, layout: marketSettings.layout } } : {}),
  };
  return { bookmarks, history, shelves, positions, listening, watchlist, alerts, portfolio: { transactions, ...(investor ? { investor } : {}) }, settings };
}

export const exportFile = async (now = new Date()): Promise<ReaderData> => makeFile(await readParts(), __KHOJ_BUILD__, now);

/** Merges a checked file into the device's data and writes what changed; returns what it did. */
export async function importParts(incoming: Parts): Promise<Merged> {
  const merged = mergeParts(await readParts(), incoming);
  checkMerged(merged.parts);
  const w = merged.writes;
  const [dict, books, market, portfolio] = await Promise.all([userDb(), booksUserDb(), marketDb(), portfolioDb()]);
  const writes: Promise<unknown>[] = [];
  const d = dict.transaction(['bookmarks', 'history'], 'readwrite');
  writes.push(...w.bookmarks.map((r) => d.objectStore('bookmarks').put(r)), ...w.history.map((r) => d.objectStore('history').put(r)), d.done);
  const b = books.transaction(['shelves', 'positions'], 'readwrite');
  writes.push(...w.shelves.map((r) => b.objectStore('shelves').put(r)), ...w.positions.map((r) => b.objectStore('positions').put(r)));
  writes.push(...(w.listening ?? []).map((r) => b.objectStore('positions').put(r)), b.done);
  const m = market.transaction(['watchlist', 'alerts', 'meta'], 'readwrite');
  writes.push(...w.watchlist.map((r) => m.objectStore('watchlist').put(r)));
  writes.push(...(w.alerts ?? []).map((r) => m.objectStore('alerts').put(r)));
  if (w.settings.market) writes.push(m.objectStore('meta').put(w.settings.market, 'settings'));
  writes.push(m.done);
  const p = portfolio.transaction(['transactions', 'settings'], 'readwrite');
  // Cast as portfolio-db.ts addTransactions does: the store gives each its id.
  writes.push(...w.portfolio.transactions.map((t) => p.objectStore('transactions').add(t as never)));
  if (w.portfolio.investor) writes.push(p.objectStore('settings').put(w.portfolio.investor, 'investor'));
  writes.push(p.done);
  await Promise.all(writes);
  if (w.settings.lang) saveLang(w.settings.lang);
  portfolioChanged();
  return merged;
}
