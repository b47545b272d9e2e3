// One holding's figures, shared by the portfolio and the stock page, and the holdings worked out
// from the stored portfolio at the latest stored prices.

import type { ComponentChildren } from 'preact';
import { useMemo } from 'preact/hooks';
import type { Lang } from '../../core/market/index.ts';
import { holdingsOf } from '../../core/market/portfolio/ledger.ts';
import type { Holding } from '../../core/market/portfolio/types.ts';
import { useMarketFile } from './api.ts';
import { type PortfolioState, usePortfolio } from './portfolio-db.ts';
import type { useS } from './strings.ts';
import { num, price } from './ui.tsx';
import { KhojError } from '../../core/errors.ts';

type S = ReturnType<typeof useS>;

export function Metric({ label, children, id }: { label: string; children: ComponentChildren; id?: string }) {
  return (
    <div id={id}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

export const signed = (n: number | null, lang: Lang) => (
  <span class={n === null || n === 0 ? 'chg flat' : n > 0 ? 'chg up' : 'chg down'}>{price(n, lang)}</span>
);

export function HoldingMetrics({ h, s, lang }: { h: Holding; s: S; lang: Lang }) {
  return (
    <dl class="metrics">
      <Metric label={s.txQuantity}>
        <span class="quantity">{num(h.quantity, lang)}</span>
      </Metric>
      <Metric label={s.wacc}>
        <span class="wacc">{h.costUnknown ? s.costUnknown : price(h.wacc, lang)}</span>
      </Metric>
      <Metric label={s.waccDepository}>
        <span class="wacc-depository">{h.costUnknown ? '—' : price(h.depositoryWacc, lang)}</span>
      </Metric>
      <Metric label={s.cost}>{price(h.cost, lang)}</Metric>
      <Metric label={s.value}>{price(h.value, lang)}</Metric>
      <Metric label={s.unrealised}>{signed(h.unrealised, lang)}</Metric>
      <Metric label={s.realised}>{signed(h.realised, lang)}</Metric>
      <Metric label={s.dividendsReceived}>{price(h.dividends, lang)}</Metric>
    </dl>
  );
}

export interface Worked {
  state: PortfolioState;
  holdings: Map<string, Holding>;
  /** the ledger's complaint about the stored transactions, if any */
  error?: Error;
}

/** The stored portfolio and its holdings at the latest stored prices; an Error when storage fails. */
export function useHoldings(): Worked | Error | undefined {
  const state = usePortfolio();
  // Today's prices only for a portfolio with transactions: an empty one's first view read them for nothing.
  const stocks = useMarketFile('stocks', undefined, !!state && !(state instanceof Error) && state.transactions.length > 0);
  return useMemo(() => {
    if (!state || state instanceof Error) return state;
    const prices = new Map((stocks.file?.value ?? []).flatMap((r) => (typeof r.ltp === 'number' ? [[r.symbol, r.ltp] as const] : [])));
    try {
      return { state, holdings: holdingsOf(state.transactions, { investor: state.investor, prices }) };
    } catch (e) {
      return { state, holdings: new Map(), error: e instanceof Error ? e : KhojError.from(e) };
    }
  }, [state, stocks.file?.value]);
}

/** The symbols held now. */
export const heldSymbols = (w: Worked | Error | undefined): string[] =>
  w && !(w instanceof Error) ? [...w.holdings.values()].filter((h) => h.quantity > 0).map((h) => h.symbol) : [];
