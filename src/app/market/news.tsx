// Notices, company disclosures and exchange messages. Their bodies hold HTML from the exchange:
// shown only as DOMPurify cleaned it; document links only if they are http(s).

import { textLang } from '../../core/text-lang.ts';
import { digits } from '../../core/digits.ts';
import { useState } from 'preact/hooks';
import { documentUrl, type FileKind, type NaiveZone, NAIVE_ZONE } from '../../core/market/index.ts';
import { useLang } from '../i18n.ts';
import { href } from '../router.ts';
import { Loading } from '../ui/status.tsx';
import { useMarketFile } from './api.ts';
import { safeUrl, sanitize } from './html.ts';
import { useS } from './strings.ts';
import { bsFirstPublished } from '../../core/market/dates.ts';
import { DataStatus, Problem, symbolHref } from './ui.tsx';
import { ScreenHeading } from '../ui/focus.tsx';

type Tab = 'notices' | 'disclosures' | 'messages';
const TABS: Tab[] = ['notices', 'disclosures', 'messages'];
const KIND: Record<Tab, FileKind> = { notices: 'notices', disclosures: 'disclosures', messages: 'messages' };
const PAGE = 30;

export const isNewsTab = (t: string | undefined): t is Tab => (TABS as string[]).includes(t ?? '');

export function NewsItem({
  title,
  body,
  when: at,
  zone,
  links,
  symbol,
}: {
  title: string;
  body: string | null;
  when: string | null;
  zone: NaiveZone;
  links: ReadonlyArray<string | null>;
  symbol?: string | null;
}) {
  const s = useS();
  const lang = useLang();
  const urls = links.map((l) => safeUrl(l)).filter((u): u is string => !!u);
  return (
    <li class="news-item">
      <h2>
        {symbol ? (
          <a href={symbolHref(symbol)} class="news-symbol">
            {symbol}
          </a>
        ) : null}{' '}
        <span lang={textLang(title)}>{title}</span>
      </h2>
      {at ? <p class="muted when">{bsFirstPublished(at, zone, lang)}</p> : null}
      {/* The notice's own text, in its own language (the exchange writes both). */}
      {body ? <div class="html" lang={textLang(body) ?? 'ne'} dangerouslySetInnerHTML={{ __html: sanitize(body) }} /> : null}
      {urls.map((u, i) => (
        <a key={i} class="doc" href={u} target="_blank" rel="noopener noreferrer">
          {s.document} {urls.length > 1 ? digits(i + 1, lang) : ''}
        </a>
      ))}
    </li>
  );
}

export function News({ tab }: { tab: Tab }) {
  const s = useS();
  const file = useMarketFile(KIND[tab]);
  const [shown, setShown] = useState(PAGE);
  return (
    <div class="market-news">
      <ScreenHeading>{s.news}</ScreenHeading>
      <div class="tabs" role="tablist">
        {TABS.map((t) => (
          <a key={t} class="tab" role="tab" aria-selected={t === tab} href={href.section('market', ['news', t])}>
            {s[t]}
          </a>
        ))}
      </div>
      <DataStatus metas={[file.file?.meta]} kinds={[KIND[tab]]} />
      {file.error && !file.file ? <Problem error={file.error} /> : !file.file ? <Loading /> : <Items tab={tab} value={file.file.value} shown={shown} />}
      {file.file && count(tab, file.file.value) > shown ? (
        <button type="button" onClick={() => setShown(shown + PAGE)}>
          {s.more}
        </button>
      ) : null}
    </div>
  );
}

/** The file of the tab (notices object, or a list). */
type Value = unknown;

function count(tab: Tab, value: Value): number {
  if (tab === 'notices') return (value as { general: unknown[] }).general.length;
  return (value as unknown[]).length;
}

function Items({ tab, value, shown }: { tab: Tab; value: Value; shown: number }) {
  if (tab === 'notices') {
    const n = value as import('../../core/market/index.ts').Notices;
    return (
      <ul class="news" id="news-list">
        {n.general.slice(0, shown).map((x) => (
          <NewsItem
            key={x.id}
            title={x.heading}
            body={x.body}
            when={x.publishedAt ?? x.expiryDate}
            zone="nepal"
            links={[x.filePath ? (safeUrl(x.filePath) ?? documentUrl(x.filePath)) : null]}
          />
        ))}
      </ul>
    );
  }
  if (tab === 'disclosures') {
    const d = value as import('../../core/market/index.ts').Disclosure[];
    return (
      <ul class="news" id="news-list">
        {d.slice(0, shown).map((x) => (
          <NewsItem
            key={x.id}
            title={x.title}
            body={x.body}
            when={x.publishedAt}
            zone={NAIVE_ZONE['disclosures.publishedAt']!}
            links={x.documents.map((doc) => doc.fileUrl)}
            symbol={x.symbol}
          />
        ))}
      </ul>
    );
  }
  const m = value as import('../../core/market/index.ts').ExchangeMessage[];
  return (
    <ul class="news" id="news-list">
      {m.slice(0, shown).map((x) => (
        <NewsItem
          key={x.id}
          title={x.title}
          body={x.body}
          when={x.publishedAt ?? x.expiryDate}
          zone={NAIVE_ZONE['messages.publishedAt']!}
          links={[x.fileUrl]}
          symbol={x.symbol}
        />
      ))}
    </ul>
  );
}
