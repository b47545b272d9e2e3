// The reader's portfolio database, `khoj-market-user`: the schema the page (src/app/market/
// portfolio-db.ts, which writes it) and the worker (src/sw/market/alerts.ts, which reads the
// held symbols for book-close alerts) both open.

import type { DBSchema } from 'idb';
import type { InvestorType } from '../../core/market/portfolio/rates.ts';
import type { Transaction } from '../../core/market/portfolio/types.ts';
import { SECTION } from '../../core/sections.ts';
import { lazyDb } from '../open-db.ts';

export interface StoredTransaction extends Transaction {
  id: number;
}

interface Schema extends DBSchema {
  transactions: { key: number; value: StoredTransaction };
  settings: { key: 'investor'; value: InvestorType };
}

export const portfolioDb = lazyDb<Schema>(SECTION.market.databases.user, 1, (d) => {
  d.createObjectStore('transactions', { keyPath: 'id', autoIncrement: true });
  d.createObjectStore('settings');
});
