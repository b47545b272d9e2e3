// The portfolio: transactions the reader enters or imports, and the holdings the core works out
// from them (both WACC figures, charges, realised and unrealised profit, dividends) at the
// latest stored prices. Everything stays on the device; CSV goes through papaparse, loaded only
// when the reader imports or exports.

import { useMemo, useState } from 'preact/hooks';
import { digits, parseTypedNumber } from '../../core/digits.ts';
import { formatNumber } from '../../core/market/format.ts';
import { inRange, lowest, RANGES } from '../../core/market/ranges.ts';
import { DataError } from '../../core/problems.ts';
import { holdingsOf, totalsOf } from '../../core/market/portfolio/ledger.ts';
import type { InvestorType } from '../../core/market/portfolio/rates.ts';
import { type Transaction, TX_KINDS, type TxKind } from '../../core/market/portfolio/types.ts';
import type { Holding, PortfolioTotals } from '../../core/market/portfolio/types.ts';
import type { Lang } from '../../core/market/index.ts';
import { useLang } from '../i18n.ts';
import { ScreenHeading } from '../ui/focus.tsx';
import { Loading } from '../ui/status.tsx';
import { fill } from '../ui/fill.tsx';
import { FileButton } from '../ui/file-button.tsx';
import { ProblemLines } from '../ui/problem-lines.tsx';
import { HoldingMetrics, Metric, signed, useHoldings } from './holding.tsx';
import { addTransactions, deleteTransaction, setInvestorType, type StoredTransaction } from './portfolio-db.ts';
import { useS } from './strings.ts';
import { bsFirstDate } from '../../core/market/dates.ts';
import { num, Problem, price, MarketCard, symbolHref } from './ui.tsx';
import { loadFile, useMarketFile } from './api.ts';

type S = ReturnType<typeof useS>;

/** Which fields each kind asks for, beside date, symbol and kind. */
const FIELDS: Record<TxKind, ReadonlyArray<'quantity' | 'price' | 'ratio' | 'into' | 'amount'>> = {
  buy: ['quantity', 'price'],
  sell: ['quantity', 'price'],
  bonus: ['quantity'],
  right: ['quantity', 'price'],
  ipo: ['quantity', 'price'],
  opening: ['quantity', 'price'],
  merger: ['ratio', 'into'],
  split: ['ratio'],
  dividend: ['amount'],
};

const today = () => new Date().toISOString().slice(0, 10);

function Totals({ t, s, lang }: { t: PortfolioTotals; s: S; lang: Lang }) {
  return (
    <dl class="metrics" id="portfolio-totals">
      <Metric label={s.cost}>{price(t.cost, lang)}</Metric>
      <Metric label={s.value}>{price(t.value, lang)}</Metric>
      <Metric label={s.unrealised}>{signed(t.unrealised, lang)}</Metric>
      <Metric label={s.realised}>{signed(t.realised, lang)}</Metric>
      <Metric label={s.dividendsReceived}>{price(t.dividends, lang)}</Metric>
      <Metric label={s.commission}>{price(t.commission, lang)}</Metric>
      <Metric label={s.sebonFee}>{price(t.sebonFee, lang)}</Metric>
      <Metric label={s.dpCharge}>{price(t.dpCharge, lang)}</Metric>
      <Metric label={s.gainsTax}>{price(t.gainsTax, lang)}</Metric>
    </dl>
  );
}

/** A range's end as written in the form's message, with as many decimals as it has (0.0001). */
const bound = (v: number, lang: Lang) => formatNumber(v, lang, { decimals: Number.isInteger(v) ? 0 : (String(v).split('.')[1]?.length ?? 2) });
const label = (s: S, f: (typeof FIELDS)[TxKind][number]) =>
  ({ quantity: s.txQuantity, price: s.txPrice, ratio: s.txRatio, into: s.txInto, amount: s.txAmount })[f];

const listedOf = (securities: readonly { symbol: string }[] | undefined, stocks: readonly { symbol: string }[] | undefined) =>
  securities || stocks ? new Set([...(securities ?? []).map((x) => x.symbol), ...(stocks ?? []).map((x) => x.symbol)]) : undefined;

/**
 * The symbols the market lists (its securities and today's prices), for the symbol field's
 * suggestions; undefined while neither is on the device, or until `wanted` (the reader is in the
 * form). Read and drawn on the screen's first view, the two files (400 KB) and a thousand
 * suggestions were the portfolio's long tasks (issue 38).
 */
function useListedSymbols(wanted: boolean): Set<string> | undefined {
  const securities = useMarketFile('securities', undefined, wanted);
  const stocks = useMarketFile('stocks', undefined, wanted);
  return useMemo(() => listedOf(securities.file?.value, stocks.file?.value), [securities.file, stocks.file]);
}

/** The same list for a check (the files read now if they were not); undefined while neither is on the device. */
async function listedSymbols(): Promise<Set<string> | undefined> {
  const [securities, stocks] = await Promise.allSettled([loadFile('securities'), loadFile('stocks')]);
  const valueOf = <T,>(r: PromiseSettledResult<{ value: T }>) => (r.status === 'fulfilled' ? r.value.value : undefined);
  return listedOf(valueOf(securities), valueOf(stocks));
}

/** What an action says: nothing, a line, or a refused input's problems (ui/problem-lines.tsx). */
type Said = string | Error | undefined;

function AddForm({ s, add, onError }: { s: S; add: Add; onError: (e: Said) => void }) {
  const lang = useLang();
  const [kind, setKind] = useState<TxKind>('buy');
  const [inForm, setInForm] = useState(false);
  const listed = useListedSymbols(inForm);
  const submit = async (form: HTMLFormElement) => {
    const data = new FormData(form);
    const text = (k: string) => String(data.get(k) ?? '').trim();
    const t: Transaction = { date: text('date'), symbol: text('symbol').toUpperCase(), kind, quantity: 0 };
    for (const f of FIELDS[kind]) {
      if (f === 'into') t.into = text('into').toUpperCase();
      else if (text(f) !== '') {
        // Either script's digits (a Nepali keyboard types ०-९), and only a value in the field's range.
        const v = parseTypedNumber(text(f));
        if (!inRange(v, RANGES[f])) return onError(s.badNumber(label(s, f), bound(lowest(RANGES[f]), lang), bound(RANGES[f].max, lang)));
        t[f] = v;
      }
    }
    // A symbol the market does not list is a typing slip (it was taken without a word, "ZZZZ"):
    // refused while the list is on the device to say so.
    const known = listed ?? (await listedSymbols());
    const unknown = [t.symbol, t.into].find((x) => x && known && !known.has(x));
    if (unknown) return onError(s.notListed(unknown));
    // Checked by the same rules as every other transaction: worked out before it is stored.
    add([t], onError, () => form.reset());
  };
  return (
    <form
      class="tx-form"
      id="tx-form"
      onFocusIn={() => setInForm(true)}
      onSubmit={(e) => {
        e.preventDefault();
        void submit(e.currentTarget);
      }}
    >
      <label>
        {s.txKind}
        <select name="kind" id="tx-kind" value={kind} onChange={(e) => setKind(e.currentTarget.value as TxKind)}>
          {TX_KINDS.map((k) => (
            <option key={k} value={k}>
              {s.txKinds[k]}
            </option>
          ))}
        </select>
      </label>
      <label>
        {s.txDate}
        <input name="date" id="tx-date" type="date" required defaultValue={today()} />
      </label>
      <label>
        {s.txSymbol}
        <input name="symbol" id="tx-symbol" required pattern="[A-Za-z0-9]{1,20}" autoCapitalize="characters" list="tx-symbols" autoComplete="off" />
      </label>
      <datalist id="tx-symbols">{listed ? [...listed].sort().map((x) => <option key={x} value={x} />) : null}</datalist>
      {FIELDS[kind].map((f) => (
        <label key={f}>
          {label(s, f)}
          {f === 'into' ? (
            <input name="into" id="tx-into" required pattern="[A-Za-z0-9]{1,20}" list="tx-symbols" autoComplete="off" />
          ) : (
            <input name={f} id={`tx-${f}`} type="text" inputMode="decimal" autoComplete="off" required={f !== 'price' || kind !== 'opening'} />
          )}
        </label>
      ))}
      <button type="submit" id="tx-add">
        {s.addTx}
      </button>
    </form>
  );
}

type Add = (list: readonly Transaction[], onError: (e: Said) => void, done?: () => void) => void;

/** Stores transactions only when the whole portfolio with them still works out (no selling what is not held). */
const adder =
  (current: readonly Transaction[], investor: InvestorType): Add =>
  (list, onError, done) => {
    try {
      holdingsOf([...current, ...list], { investor });
    } catch (e) {
      onError(e instanceof Error ? e : String(e));
      return;
    }
    addTransactions(list).then(
      () => {
        onError(undefined);
        done?.();
      },
      (e: unknown) => onError(String(e)),
    );
  };

function CsvTools({ s, list, add, onMessage }: { s: S; list: readonly StoredTransaction[]; add: Add; onMessage: (ok: boolean, said: Said) => void }) {
  const lang = useLang();
  const importFile = async (file: File, meroShare: boolean) => {
    const csv = await import('../../core/market/portfolio/csv.ts');
    const text = await file.text();
    try {
      const txs = meroShare ? csv.fromMeroShare(text, today(), file.name) : csv.fromCsv(text, file.name);
      add(txs, (e) => onMessage(e === undefined, e ?? s.imported.replace('{n}', digits(String(txs.length), lang))));
    } catch (e) {
      onMessage(false, e instanceof Error ? e : String(e));
    }
  };
  const exportCsv = async () => {
    const { toCsv } = await import('../../core/market/portfolio/csv.ts');
    const body = toCsv(list.map(({ id: _id, ...t }) => t));
    const a = document.createElement('a');
    a.href = URL.createObjectURL(new Blob([body], { type: 'text/csv' }));
    a.download = `khoj-portfolio-${today()}.csv`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
  };
  return (
    <div class="csv-tools">
      <FileButton id="import-csv" accept=".csv,text/csv" onFile={(f) => void importFile(f, false)}>
        {s.importCsv}
      </FileButton>
      <FileButton id="import-meroshare" accept=".csv,text/csv" onFile={(f) => void importFile(f, true)}>
        {fill(s.importMeroShare, { page: <span lang="en">My Shares</span> })}
      </FileButton>
      <button type="button" id="export-csv" disabled={!list.length} onClick={() => void exportCsv()}>
        {s.exportCsv}
      </button>
      <small class="muted">
        {fill(s.csvHelp, { columns: <code>date, symbol, kind, quantity, price, ratio, into, amount, charges, note</code>, example: <code>2025-01-10</code> })}
      </small>
    </div>
  );
}

/** A message line, or a DataError's problems in the reader's language (any other error as the browser said it). */
function Said({ said }: { said: Said }) {
  if (said instanceof DataError) return <ProblemLines problems={said.problems} more={said.more} />;
  if (said instanceof Error)
    return (
      <p>
        <code lang="en">{said.message}</code>
      </p>
    );
  return <p>{said}</p>;
}

/** Each holding with its figures (both WACCs, value, profit, charges), linked to its symbol's page. */
function HoldingList({ s, holdings, lang }: { s: S; holdings: readonly Holding[]; lang: Lang }) {
  return (
    <>
      <h2>{s.holdings}</h2>
      <ul class="holdings">
        {holdings.map((h) => (
          <li key={h.symbol} class="market-card holding" data-symbol={h.symbol}>
            <h3>
              <a href={symbolHref(h.symbol)}>{h.symbol}</a>
            </h3>
            <HoldingMetrics h={h} s={s} lang={lang} />
          </li>
        ))}
      </ul>
    </>
  );
}

/** The transactions as entered (closed at first), each with its delete button. */
function TransactionList({ s, list, lang }: { s: S; list: readonly StoredTransaction[]; lang: Lang }) {
  return (
    <details class="tx-list">
      <summary>
        {s.txList} ({digits(list.length, lang)})
      </summary>
      <ul>
        {list.map((t) => (
          <li key={t.id}>
            {bsFirstDate(t.date, lang)} · {s.txKinds[t.kind]} · {t.symbol} {t.quantity ? `× ${num(t.quantity, lang)}` : ''}{' '}
            {t.price !== undefined ? `@ ${price(t.price, lang)}` : ''}
            <button
              type="button"
              class="tx-delete"
              aria-label={`${s.deleteTx} ${t.symbol} ${bsFirstDate(t.date, lang)}`}
              onClick={() => void deleteTransaction(t.id)}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
    </details>
  );
}

export function Portfolio() {
  const s = useS();
  const lang = useLang();
  const worked = useHoldings();
  const [message, setMessage] = useState<{ ok: boolean; said: Said }>();
  if (worked instanceof Error) return <Problem error={worked} />;
  if (!worked) return <Loading />;
  const { state } = worked;
  const holdings = [...worked.holdings.values()].filter((h) => h.quantity > 0 || h.realised !== 0 || h.dividends !== 0);
  const onError = (e: Said) => setMessage(e === undefined ? undefined : { ok: false, said: e });
  const add = adder(state.transactions, state.investor);
  return (
    <div class="market-portfolio">
      <ScreenHeading>{s.portfolio}</ScreenHeading>
      <MarketCard title={s.addTransaction}>
        <AddForm s={s} add={add} onError={onError} />
        <label class="investor">
          {s.investor}
          <select id="investor" value={state.investor} onChange={(e) => void setInvestorType(e.currentTarget.value as InvestorType)}>
            <option value="individual">{s.individual}</option>
            <option value="entity">{s.entity}</option>
          </select>
        </label>
        <CsvTools s={s} list={state.transactions} add={add} onMessage={(ok, said) => setMessage({ ok, said })} />
        {message ? (
          <div class={message.ok ? 'muted' : 'alert'} role={message.ok ? 'status' : 'alert'} id="portfolio-message">
            <Said said={message.said} />
          </div>
        ) : null}
      </MarketCard>
      {worked.error ? (
        <div class="alert" role="alert">
          <Said said={worked.error} />
        </div>
      ) : null}
      {holdings.length ? (
        <>
          <MarketCard title={s.totals}>
            <Totals t={totalsOf(holdings)} s={s} lang={lang} />
          </MarketCard>
          <HoldingList s={s} holdings={holdings} lang={lang} />
        </>
      ) : (
        <p class="muted" id="portfolio-empty">
          {s.emptyPortfolio}
        </p>
      )}
      {state.transactions.length ? <TransactionList s={s} list={state.transactions} lang={lang} /> : null}
    </div>
  );
}
