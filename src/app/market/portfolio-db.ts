// The reader's portfolio on the device (IndexedDB khoj-market-user): the transactions as entered
// or imported, and the investor type the gains tax depends on. Holdings are never stored: the
// core works them out from the transactions (core/market/portfolio/ledger.ts).

import { useEffect, useState } from 'preact/hooks';
import type { InvestorType } from '../../core/market/portfolio/rates.ts';
import type { Transaction } from '../../core/market/portfolio/types.ts';
import { portfolioDb, type StoredTransaction } from '../../databases/market/user-db.ts';
import { createStore } from '../client/store.ts';
import { KhojError } from '../../core/errors.ts';

// The schema is shared with the worker (its book-close alerts read the holdings).
export { portfolioDb, type StoredTransaction };

/** Counts changes: screens showing the portfolio read it again on each. */
const changes = createStore(0);
export const changed = () => changes.set((n) => n + 1);

export async function transactions(): Promise<StoredTransaction[]> {
  return (await portfolioDb()).getAll('transactions');
}

/** Adds transactions in one go (an import is all or nothing). */
export async function addTransactions(list: readonly Transaction[]): Promise<void> {
  const tx = (await portfolioDb()).transaction('transactions', 'readwrite');
  // The store assigns each id (autoIncrement keyPath).
  await Promise.all([...list.map((t) => tx.store.add(t as StoredTransaction)), tx.done]);
  changed();
}

export async function deleteTransaction(id: number): Promise<void> {
  await (await portfolioDb()).delete('transactions', id);
  changed();
}

export async function investorType(): Promise<InvestorType> {
  return (await (await portfolioDb()).get('settings', 'investor')) ?? 'individual';
}

export async function setInvestorType(t: InvestorType): Promise<void> {
  await (await portfolioDb()).put('settings', t, 'investor');
  changed();
}

export interface PortfolioState {
  transactions: StoredTransaction[];
  investor: InvestorType;
}

/** The stored portfolio, read again on each change; an Error when storage fails. */
export function usePortfolio(): PortfolioState | Error | undefined {
  const [state, setState] = useState<PortfolioState | Error>();
  useEffect(() => {
    const load = () =>
      void Promise.all([transactions(), investorType()]).then(
        ([t, investor]) => setState({ transactions: t, investor }),
        (e: unknown) => setState(e instanceof Error ? e : KhojError.from(e)),
      );
    load();
    return changes.subscribe(load);
  }, []);
  return state;
}
