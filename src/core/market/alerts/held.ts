// The symbols the reader holds, from the stored transactions, for the book-close alerts.

import { holdingsOf } from '../portfolio/ledger.ts';
import type { Transaction } from '../portfolio/types.ts';

/** Symbols with shares held now; if the ledger refuses the transactions, every symbol in them (a book close is better told than missed). */
export function heldSymbols(transactions: readonly Transaction[]): string[] {
  try {
    return [...holdingsOf(transactions, { investor: 'individual' }).values()].filter((h) => h.quantity > 0).map((h) => h.symbol);
  } catch {
    return [...new Set(transactions.map((t) => t.symbol))];
  }
}
