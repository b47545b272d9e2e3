// Answers the catalog's REST paths from its shards (shards.ts), loading only what a request
// needs: the manifest once, then the columns it filters on, the term shards of a query's
// words (one prefix file for a one-character word), the record chunks of the page, the id
// shard of a book. The answers are the query module's (query.ts: the same
// routing, filters, ranking and bodies), so the server and the worker answer alike. Pure:
// the caller says how a shard file is loaded (network, Cache Storage, a test's map).

import { KhojError } from '../errors.ts';
import { lowerBound } from '../sorted.ts';
import { queryTerms } from './encoder.ts';
import {
  API_INDEX,
  dispatch,
  bookResponse,
  type CatalogColumns,
  Column,
  Finder,
  healthResponse,
  listQueryOf,
  type ListQuery,
  listResponse,
  type ListRoute,
  sourcesResponse,
  statsResponse,
  type TermLookup,
} from './query.ts';
import {
  type BookChunk,
  chunkFile,
  type ColumnFile,
  columnFile,
  type ColumnName,
  decodeColumn,
  decodeLayout,
  idFile,
  type IdShard,
  idShardOf,
  LAYOUT_FILE,
  type LayoutFile,
  type PrefixFile,
  prefixFile,
  type ShardManifest,
  SHARDS_MANIFEST,
  termFile,
  termKey,
  type TermShard,
} from './shards.ts';
import type { ApiResponse, Book } from './types.ts';

/** Loads a shard file (a path below the catalog's base, e.g. api/books-shards/index.json) and parses its JSON. */
export type ShardLoader = (file: string) => Promise<unknown>;

/** A shard file of another build than the manifest's (the catalog was rebuilt meanwhile): open the shards again. */
const shardsChanged = (file: string) => new KhojError('other-build', `${file} belongs to another build of the catalog than ${SHARDS_MANIFEST}`);

/** Shards kept in memory, the least recently used dropped beyond these counts. */
const KEEP = { terms: 64, chunks: 96, ids: 8 };
const SLOTS = 10;
const NONE = 255;

/** A word's postings decoded: its positions and their slots. */
interface Decoded {
  at: Int32Array;
  slot: Uint8Array;
}

/** A column no filter of the query reads: the finder only reads a column it filters on (query.ts Finder.find). */
const UNREAD = { coded: Column.fromCodes([], new Int32Array(0)), grade: new Int8Array(0) };

class Lru<V> {
  private readonly map = new Map<string, Promise<V>>();
  constructor(private readonly max: number) {}
  get(key: string, make: () => Promise<V>): Promise<V> {
    let v = this.map.get(key);
    if (v) this.map.delete(key);
    else v = make();
    this.map.set(key, v);
    v.catch(() => this.map.get(key) === v && this.map.delete(key));
    while (this.map.size > this.max) this.map.delete(this.map.keys().next().value!);
    return v;
  }
}

/** Gap-coded postings (shards.ts) back as positions and slots. */
function decodePostings(list: readonly number[]): Decoded {
  const at = new Int32Array(list.length);
  const slot = new Uint8Array(list.length);
  let last = 0;
  for (let j = 0; j < list.length; j++) {
    last += Math.floor(list[j]! / SLOTS);
    at[j] = last;
    slot[j] = list[j]! % SLOTS;
  }
  return { at, slot };
}

/** A term shard, each word's postings decoded when first asked for (a query reads a few of its words). */
class Terms {
  private readonly decoded = new Map<number, Decoded>();
  constructor(private readonly shard: Pick<TermShard, 'words' | 'postings'>) {}

  /** The postings of the word equal to `word`. */
  get(word: string): Decoded | undefined {
    const i = lowerBound(this.shard.words, word);
    return this.shard.words[i] === word ? this.at(i) : undefined;
  }

  /** The postings of every word starting with `term` (the words are sorted: they are one run). */
  *startingWith(term: string): Generator<Decoded> {
    const words = this.shard.words;
    for (let i = lowerBound(words, term); i < words.length && words[i]!.startsWith(term); i++) yield this.at(i);
  }

  private at(i: number): Decoded {
    let d = this.decoded.get(i);
    if (!d) this.decoded.set(i, (d = decodePostings(this.shard.postings[i]!)));
    return d;
  }
}

/** The columns a query filters on. */
function columnsOf(query: ListQuery, routes: readonly ListRoute[]): ColumnName[] {
  const out: ColumnName[] = [];
  if (query.source !== undefined) out.push('source');
  if (query.grade !== undefined) out.push('grade');
  if (query.subject !== undefined) out.push('subject');
  if (query.language !== undefined) out.push('language');
  if (query.category !== undefined) out.push('category');
  if (query.route !== undefined && routes.includes(query.route)) out.push(`route-${query.route}`);
  return out;
}

export class ShardedBooksApi {
  /** Decoded filter columns, by kind: coded ones, the grade codes, the routes' keep flags. */
  private readonly coded = new Map<ColumnName, Promise<Column>>();
  private readonly grades = new Map<ColumnName, Promise<Int8Array>>();
  private readonly routeKeeps = new Map<ColumnName, Promise<Uint8Array>>();
  private readonly keys: string[];
  private readonly keySet: Set<string>;
  private readonly prefixSet: Set<string>;
  private readonly finder = new Finder();
  private readonly terms = new Lru<Terms>(KEEP.terms);
  private readonly prefixes = new Lru<Decoded>(KEEP.terms);
  private readonly chunks = new Lru<BookChunk>(KEEP.chunks);
  private readonly ids = new Lru<IdShard>(KEEP.ids);
  /** where each catalog position sits in chunk order (shards.ts layout.json) */
  private slotOf?: Promise<Int32Array>;

  private constructor(
    readonly manifest: ShardManifest,
    private readonly load: ShardLoader,
    /** files fetched before the manifest came (open), each taken once */
    private readonly early: Map<string, Promise<unknown>>,
  ) {
    this.keys = manifest.terms;
    this.keySet = new Set(this.keys);
    this.prefixSet = new Set(manifest.prefixes);
  }

  /**
   * Reads the manifest; throws a SyntaxError when it is not one. Given the first request's query,
   * fetches the term shards of its words and the layout beside the manifest, not after it: a
   * round of requests less for a first search from the network.
   */
  static async open(load: ShardLoader, first?: URLSearchParams): Promise<ShardedBooksApi> {
    const early = new Map<string, Promise<unknown>>();
    const q = first?.get('q');
    for (const file of [...(q ? queryTerms(q).map((t) => termFile(termKey(t))) : []), LAYOUT_FILE]) {
      const p = load(file);
      // A guess: a word with no shard fails here and is never asked for.
      p.catch(() => undefined);
      early.set(file, p);
    }
    const m = (await load(SHARDS_MANIFEST)) as ShardManifest;
    if (m?.format !== 'khoj-books-shards' || typeof m.size !== 'number' || typeof m.generatedAt !== 'string')
      throw new SyntaxError(`${SHARDS_MANIFEST} is not a shard manifest`);
    // Shards written by another version of Khoj (stored before an update): not ours to read.
    if (m.version !== 3) throw new KhojError('other-build', `${SHARDS_MANIFEST} is of version ${String(m.version)}, not 3`);
    return new ShardedBooksApi(m, load, early);
  }

  get generatedAt(): string {
    return this.manifest.generatedAt;
  }

  /** The answer to a request path (as sent, percent-encoded); undefined when the path is not the catalog's. */
  async handle(method: string, pathname: string, params: URLSearchParams): Promise<ApiResponse | undefined> {
    const m = this.manifest;
    return dispatch<ApiResponse | Promise<ApiResponse>>(method, pathname, params, {
      book: (id) => this.book(id),
      list: (p, route) => this.list(p, route),
      index: () => ({ status: 200, body: API_INDEX }),
      sources: () => sourcesResponse(m.sources),
      health: () => healthResponse(m.size, m.stats),
      stats: () => statsResponse(m.stats),
    });
  }

  async book(id: string): Promise<ApiResponse> {
    // The layout is read beside the id shard, not after it.
    const [at] = await Promise.all([this.position(id), this.layout()]);
    return bookResponse(at === undefined ? undefined : (await this.rows([at]))[0]!.book);
  }

  /** True for an id (or a merged id, or a CEHRD short id) the catalog answers. */
  async has(id: string): Promise<boolean> {
    return (await this.position(id)) !== undefined;
  }

  /** The id a static book file (api/books/<stem>.json, paths.ts fileStem) was written for; undefined for none. */
  async idOfFileStem(stem: string): Promise<string | undefined> {
    const s = await this.idShard(stem);
    return Object.hasOwn(s.stems, stem) ? s.stems[stem] : Object.hasOwn(s.ids, stem) ? stem : undefined;
  }

  private async position(id: string): Promise<number | undefined> {
    const { ids } = await this.idShard(id);
    return Object.hasOwn(ids, id) ? ids[id] : undefined;
  }

  /** The id shard a key (an id or a file stem) is filed in. */
  private idShard(key: string): Promise<IdShard> {
    const shard = idShardOf(key, this.manifest.idShards);
    return this.ids.get(String(shard), () => this.shard<IdShard>(idFile(shard)));
  }

  async list(params: URLSearchParams, route: ListRoute): Promise<ApiResponse> {
    const query = listQueryOf(params, route);
    if ('status' in query) return query;
    const terms = query.q === undefined ? [] : queryTerms(query.q);
    const [loaded, columns] = await Promise.all([Promise.all(terms.map((t) => this.shardsFor(t))), this.columnsFor(query), this.layout()]);
    const byTerm = new Map(terms.map((t, i) => [t, loaded[i]!]));
    const lookup: TermLookup = (term, whole) => lookupIn(byTerm.get(term) ?? { shards: [] }, term, whole, this.manifest.size);
    const { total, ids } = this.finder.find(columns, query, () => lookup);
    return listResponse(query, route, total, await this.rows(ids));
  }

  /** The catalog's columns as the finder reads them for this query: those it filters on loaded (and decoded once), the others never read. */
  private async columnsFor(query: ListQuery): Promise<CatalogColumns> {
    const size = this.manifest.size;
    const need = new Set(columnsOf(query, this.manifest.routes));
    const coded = (n: 'source' | 'subject' | 'language' | 'category') =>
      need.has(n) ? this.decoded(this.coded, n, (f) => decodeColumn(f, size)) : UNREAD.coded;
    const route = query.route !== undefined && need.has(`route-${query.route}`) ? query.route : undefined;
    const [source, subject, language, category, grade, keep] = await Promise.all([
      coded('source'),
      coded('subject'),
      coded('language'),
      coded('category'),
      need.has('grade') ? this.decoded(this.grades, 'grade', (f) => decodeColumn(f, size, new Int8Array(size))) : UNREAD.grade,
      route && this.decoded(this.routeKeeps, `route-${route}`, (f) => decodeColumn(f, size, new Uint8Array(size))),
    ]);
    return { size, source, grade, subject, language, category, routes: new Map(route && keep ? [[route, keep]] : []) };
  }

  /** A column file, loaded and decoded once. */
  private decoded<T>(cache: Map<ColumnName, Promise<T>>, name: ColumnName, decode: (f: ColumnFile) => T): Promise<T> {
    let c = cache.get(name);
    if (!c) {
      cache.set(name, (c = this.shard<ColumnFile>(columnFile(name)).then(decode)));
      c.catch(() => cache.get(name) === c && cache.delete(name));
    }
    return c;
  }

  /** What a term's lookups read: the term shards holding the words starting with it; for a one-character term, its prefix file (and the shard of the one-character word itself). */
  private async shardsFor(term: string): Promise<TermFiles> {
    const key = termKey(term);
    const shard = (k: string) => this.terms.get(k, async () => new Terms(await this.shard<TermShard>(termFile(k))));
    const shards = Promise.all(this.keySet.has(key) ? [shard(key)] : []);
    if (key !== term || Array.from(term).length > 1) return { shards: await shards };
    const prefix = this.prefixSet.has(term)
      ? this.prefixes.get(term, async () => decodePostings((await this.shard<PrefixFile>(prefixFile(term))).postings))
      : undefined;
    return { shards: await shards, prefix: await prefix };
  }

  /** A shard file of the manifest's build; else KhojError 'other-build'. */
  private async shard<T extends { generatedAt: string }>(file: string): Promise<T> {
    const early = this.early.get(file);
    this.early.delete(file);
    const s = (await (early?.catch(() => this.load(file)) ?? this.load(file))) as T;
    if (s?.generatedAt !== this.manifest.generatedAt) throw shardsChanged(file);
    return s;
  }

  /** The layout file, loaded and decoded once. */
  private layout(): Promise<Int32Array> {
    if (!this.slotOf) {
      const p = (this.slotOf = this.shard<LayoutFile>(LAYOUT_FILE).then((f) => decodeLayout(f, this.manifest.size)));
      p.catch(() => this.slotOf === p && (this.slotOf = undefined));
    }
    return this.slotOf;
  }

  /** The books at these positions, each with the id it is linked by. */
  private async rows(ids: number[]): Promise<Array<{ book: Book; publicId: string }>> {
    const size = this.manifest.chunk;
    const slotOf = await this.layout();
    const need = [...new Set(ids.map((i) => Math.floor(slotOf[i]! / size)))];
    const chunks = new Map(await Promise.all(need.map(async (k) => [k, await this.chunks.get(String(k), () => this.shard<BookChunk>(chunkFile(k)))] as const)));
    return ids.map((i) => {
      const k = Math.floor(slotOf[i]! / size);
      const j = slotOf[i]! % size;
      const book = chunks.get(k)!.books[j];
      if (!book) throw new SyntaxError(`${chunkFile(k)} lacks the book at position ${i}`);
      return { book, publicId: chunks.get(k)!.linkedAs[j] ?? book.id };
    });
  }
}

/** The loaded files a term is looked up in: its term shards, and for a one-character term its prefix file (the best slot per position, decoded under the term). */
interface TermFiles {
  shards: Terms[];
  /** the one-character term's prefix file: the best slot per position among its words */
  prefix?: Decoded;
}

/** BookSearchIndex.lookup over term shards: per slot, the positions whose best word starting with (whole: equal to) the term has that slot. */
function lookupIn({ shards, prefix }: TermFiles, term: string, whole: boolean, size: number): Array<number[] | undefined> {
  const lists: Array<number[] | undefined> = [];
  const add = (slot: number, at: number) => (lists[slot] ??= []).push(at);
  if (!whole && Array.from(term).length === 1) {
    if (prefix) prefix.at.forEach((at, j) => add(prefix.slot[j]!, at));
    return lists;
  }
  if (whole) {
    for (const s of shards) {
      const p = s.get(term);
      if (p) p.at.forEach((at, j) => add(p.slot[j]!, at));
    }
    return lists;
  }
  // The best slot per position among the words starting with the term (NONE: not seen yet).
  const best = new Uint8Array(size).fill(NONE);
  const seen: number[] = [];
  for (const s of shards)
    for (const { at, slot } of s.startingWith(term)) {
      for (let j = 0; j < at.length; j++) {
        const i = at[j]!;
        if (best[i] === NONE) seen.push(i);
        if (slot[j]! < best[i]!) best[i] = slot[j]!;
      }
    }
  for (const i of seen) add(best[i]!, i);
  return lists;
}
