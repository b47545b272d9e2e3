// The reader's data on this device, read for the data file and written back from one
// (src/core/reader-data/ holds the format and the merge). It reads every store the reader fills
// (src/core/sections.ts SECTION.*.databases: khoj-user, khoj-books-user, khoj-market's
// watchlist, price alerts and settings, khoj-market-user) and the chosen language (localStorage); downloads,
// saved PDFs and the dictionary's offline copy stay with the device. A merge is written in one
// transaction per database, after the whole file was checked.

import { unwrap } from 'idb';
import { marketDb } from '../../databases/market/db.ts';
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

/** Rows written per step: the transaction stays open, the screen shows how far it is. */
const BATCH = 2000;

export interface ImportOptions {
  /** take the file's market source where the device has none (the reader was asked: marketSourceChange) */
  marketSource: boolean;
  /** rows written so far, of all */
  progress?: (done: number, total: number) => void;
}

/**
 * Merges a checked file into the device's data and writes what changed, in one transaction per
 * database, a batch of rows at a time (never one call with every row: 10^6 bookmarks overflowed
 * the stack); returns what it did.
 */
export async function importParts(file: Parts, { marketSource, progress }: ImportOptions): Promise<Merged> {
  const { market: _market, ...otherSettings } = file.settings;
  const incoming: Parts = marketSource ? file : { ...file, settings: otherSettings };
  const merged = mergeParts(await readParts(), incoming);
  checkMerged(merged.parts);
  const w = merged.writes;
  const total =
    w.bookmarks.length +
    w.history.length +
    w.shelves.length +
    w.positions.length +
    (w.listening?.length ?? 0) +
    w.watchlist.length +
    (w.alerts?.length ?? 0) +
    w.portfolio.transactions.length;
  let done = 0;
  progress?.(done, total);
  /**
   * Puts the rows a batch at a time into a store of an open transaction, waiting for each batch's
   * last: plain requests, not idb's promise per row (150,000 of those cost the page hundreds of MB).
   */
  const putAll = async <T>(store: IDBObjectStore, rows: readonly T[], add = false) => {
    for (let i = 0; i < rows.length; i += BATCH) {
      let last: IDBRequest | undefined;
      for (let j = i; j < Math.min(rows.length, i + BATCH); j++) last = add ? store.add(rows[j]) : store.put(rows[j]);
      // Resolved in the request's success event: the transaction is still active for the next batch.
      await new Promise<void>((ok, fail) => {
        last!.onsuccess = () => ok();
        last!.onerror = () => fail(last!.error);
      });
      done += Math.min(BATCH, rows.length - i);
      progress?.(done, total);
    }
  };
  const [dict, books, market, portfolio] = await Promise.all([userDb(), booksUserDb(), marketDb(), portfolioDb()]);
  const d = dict.transaction(['bookmarks', 'history'], 'readwrite');
  // Each awaited in turn below, and caught here too: a put that failed is reported once, by the await.
  d.done.catch(() => undefined);
  await putAll(unwrap(d.objectStore('bookmarks')), w.bookmarks);
  await putAll(unwrap(d.objectStore('history')), w.history);
  await d.done;
  const b = books.transaction(['shelves', 'positions'], 'readwrite');
  b.done.catch(() => undefined);
  await putAll(unwrap(b.objectStore('shelves')), w.shelves);
  await putAll(unwrap(b.objectStore('positions')), w.positions);
  await putAll(unwrap(b.objectStore('positions')), w.listening ?? []);
  await b.done;
  const m = market.transaction(['watchlist', 'alerts', 'meta'], 'readwrite');
  m.done.catch(() => undefined);
  await putAll(unwrap(m.objectStore('watchlist')), w.watchlist);
  await putAll(unwrap(m.objectStore('alerts')), w.alerts ?? []);
  if (w.settings.market) await m.objectStore('meta').put(w.settings.market, 'settings');
  await m.done;
  const p = portfolio.transaction(['transactions', 'settings'], 'readwrite');
  p.done.catch(() => undefined);
  // Added: the store gives each its id (as portfolio-db.ts addTransactions does).
  await putAll(unwrap(p.objectStore('transactions')), w.portfolio.transactions, true);
  if (w.portfolio.investor) await p.objectStore('settings').put(w.portfolio.investor, 'investor');
  await p.done;
  if (w.settings.lang) saveLang(w.settings.lang);
  portfolioChanged();
  return merged;
}
