// The routes the audits visit (bench/lighthouse.ts) and the browser test that every first visit
// asks for no file the build did not publish (tests/e2e/every-route.spec.ts): one screen of each
// kind, with a real book and a real share from the build's own data.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export type AuditRoute = readonly [name: string, hash: string];

export function auditRoutes(dist: string): AuditRoute[] {
  const catalog = JSON.parse(readFileSync(join(dist, 'api/books/catalog.json'), 'utf8')) as { books: { id: string }[] };
  const stocks = JSON.parse(readFileSync(join(dist, 'data/nepse_data.json'), 'utf8')) as { symbol: string; name: string }[];
  // A bank's ordinary share: a long price history, as most symbols have.
  const stock = stocks.find((s) => / Bank Limited$/.test(s.name)) ?? stocks[0]!;
  return [
    ['dictionary', '#/'],
    ['word', `#/word/${encodeURIComponent('नमस्ते')}`],
    ['books', '#/books'],
    ['book', `#/books/book/${encodeURIComponent(catalog.books[0]!.id)}`],
    ['market', '#/market'],
    ['prices', '#/market/prices'],
    ['symbol', `#/market/symbol/${encodeURIComponent(stock.symbol)}`],
    // The investor's desk: NEPSE's index history (its default range, a year: 13 month files) and the portfolio.
    ['history', '#/market/history/NEPSE'],
    ['portfolio', '#/market/portfolio'],
  ];
}
