// Notices, disclosures and exchange messages, with their document links.

import { atPath, describeValue, hasOwn, isObject, oddity, problem, readList } from '../codec.ts';
import { disclosureCodec, messageCodec, noticeCodec } from '../records.ts';
import type { Disclosure, DocumentRef, ExchangeMessage, Notices } from '../types/index.ts';
import { type FileAdapter, listAdapter, type Obj, withoutKeys } from './adapter.ts';

export const DOCUMENT_BASE_URL = 'https://www.nepalstock.com.np/api/nots/security/fetchFiles?fileLocation=';

/** Percent-encodes a document path as the exchange's URLs do (spaces, brackets; `/` kept). */
export function documentUrl(path: string, base = DOCUMENT_BASE_URL): string {
  const enc = path
    .split('/')
    .map((s) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`))
    .join('/');
  return base + enc;
}

export function documentPath(url: string, base = DOCUMENT_BASE_URL): string | undefined {
  if (!url.startsWith(base)) return undefined;
  try {
    return decodeURIComponent(url.slice(base.length));
  } catch {
    return undefined;
  }
}

/** Each of filePath and fileUrl is derived from the other where only one is published. */
function completeLinks<T extends { filePath: string | null; fileUrl: string | null }>(r: T): void {
  if (r.fileUrl === null && r.filePath !== null) r.fileUrl = documentUrl(r.filePath);
  if (r.filePath === null && r.fileUrl !== null) r.filePath = documentPath(r.fileUrl) ?? null;
}

function afterDisclosures(rows: Disclosure[]): void {
  for (const d of rows) d.documents.forEach((doc: DocumentRef) => completeLinks(doc));
}
function afterMessages(rows: ExchangeMessage[]): void {
  for (const m of rows) completeLinks(m);
}

export const disclosures = listAdapter('disclosures', disclosureCodec, afterDisclosures);
export const messages = listAdapter('messages', messageCodec, afterMessages);

export const notices: FileAdapter<Notices> = {
  kind: 'notices',
  read(value, at) {
    if (!isObject(value)) {
      problem(at, `expected an object with a general list and last_updated, found ${describeValue(value)}`);
      return undefined;
    }
    if (!hasOwn(value, 'general')) {
      problem(at, 'missing required field "general"');
      return undefined;
    }
    const general = readList(noticeCodec, value.general, atPath(at, 'general'));
    const company = hasOwn(value, 'company') ? readList(disclosureCodec, value.company, atPath(at, 'company')) : [];
    const exchange = hasOwn(value, 'exchange') ? readList(messageCodec, value.exchange, atPath(at, 'exchange')) : [];
    const lastUpdated = value.last_updated ?? null;
    if (lastUpdated !== null && typeof lastUpdated !== 'string') problem(atPath(at, 'last_updated'), `expected a string, found ${describeValue(lastUpdated)}`);
    if (!general || !company || !exchange || (lastUpdated !== null && typeof lastUpdated !== 'string')) return undefined;
    if (!hasOwn(value, 'company') && !hasOwn(value, 'exchange')) oddity(at, 'only a general list (no company or exchange lists)');
    for (const n of general) if (n.type === null) oddity(at, 'general notices without a notice type');
    afterDisclosures(company);
    afterMessages(exchange);
    return {
      general,
      company,
      exchange,
      lastUpdated: lastUpdated as string | null,
      extra: withoutKeys(value, ['general', 'company', 'exchange', 'last_updated']),
    };
  },
  write(n, layout) {
    const o: Obj = { general: n.general.map((x) => noticeCodec.write(x, layout)) };
    // Layout B's contract lists company and exchange too; layout A writes them only when there are some.
    if (layout === 'b' || n.company.length) o.company = n.company.map((x) => disclosureCodec.write(x, layout));
    if (layout === 'b' || n.exchange.length) o.exchange = n.exchange.map((x) => messageCodec.write(x, layout));
    o.last_updated = n.lastUpdated;
    return { ...o, ...withoutKeys(n.extra, Object.keys(o)) };
  },
};
