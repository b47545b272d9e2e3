// Answers the catalog's REST paths from its shards (shards.ts), loading only what a request
// needs: the manifest once, then the term shards of a query's words, the record chunks of
// the page, the id shard of a book. The answers are the query module's (query.ts: the same
// routing, filters, ranking and bodies), so the server and the worker answer alike. Pure:
// the caller says how a shard file is loaded (network, Cache Storage, a test's map).

import { KhojError } from '../errors.ts';
import { queryTerms } from './encoder.ts';
import {
  API_INDEX,
  dispatch,
  bookResponse,
  type CatalogColumns,
  Finder,
  healthResponse,
  listQueryOf,
  listResponse,
  type ListRoute,
  sourcesResponse,
  statsResponse,
  type TermLookup,
} from './query.ts';
import {
  type BookChunk,
  chunkFile,
  decodeColumns,
  idFile,
  type IdShard,
  idShardOf,
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

/** A term shard decoded: word → its positions and their slots. */
type Postings = Map<string, { at: Int32Array; slot: Uint8Array }>;

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

function decodeTerms(shard: TermShard): Postings {
  const out: Postings = new Map();
  shard.words.forEach((w, i) => {
    const list = shard.postings[i]!;
    const at = new Int32Array(list.length);
    const slot = new Uint8Array(list.length);
    let last = 0;
    for (let j = 0; j < list.length; j++) {
      last += Math.floor(list[j]! / SLOTS);
      at[j] = last;
      slot[j] = list[j]! % SLOTS;
    }
    out.set(w, { at, slot });
  });
  return out;
}

export class ShardedBooksApi {
  private readonly columns: CatalogColumns;
  private readonly keys: string[];
  private readonly keySet: Set<string>;
  private readonly finder = new Finder();
  private readonly terms = new Lru<Postings>(KEEP.terms);
  private readonly chunks = new Lru<BookChunk>(KEEP.chunks);
  private readonly ids = new Lru<IdShard>(KEEP.ids);

  private constructor(
    readonly manifest: ShardManifest,
    private readonly load: ShardLoader,
  ) {
    this.columns = decodeColumns(manifest);
    this.keys = manifest.terms;
    this.keySet = new Set(this.keys);
  }

  /** Reads the manifest; throws a SyntaxError when it is not one. */
  static async open(load: ShardLoader): Promise<ShardedBooksApi> {
    const m = (await load(SHARDS_MANIFEST)) as ShardManifest;
    if (m?.format !== 'khoj-books-shards' || typeof m.size !== 'number' || typeof m.generatedAt !== 'string')
      throw new SyntaxError(`${SHARDS_MANIFEST} is not a shard manifest`);
    return new ShardedBooksApi(m, load);
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
    const at = await this.position(id);
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
    const loaded = await Promise.all(terms.map((t) => this.shardsFor(t)));
    const byTerm = new Map(terms.map((t, i) => [t, loaded[i]!]));
    const lookup: TermLookup = (term, whole) => lookupIn(byTerm.get(term) ?? [], term, whole, this.manifest.size);
    const { total, ids } = this.finder.find(this.columns, query, () => lookup);
    return listResponse(query, route, total, await this.rows(ids));
  }

  /** The decoded term shards that hold the words starting with `term`. */
  private shardsFor(term: string): Promise<Postings[]> {
    const key = termKey(term);
    // A one-character term: every shard whose key starts with it; else the one shard of its first two.
    const keys = key === term && Array.from(term).length < 2 ? this.keys.filter((k) => k.startsWith(term)) : this.keySet.has(key) ? [key] : [];
    return Promise.all(keys.map((k) => this.terms.get(k, async () => decodeTerms(await this.shard<TermShard>(termFile(k))))));
  }

  /** A shard file of the manifest's build; else KhojError 'other-build'. */
  private async shard<T extends { generatedAt: string }>(file: string): Promise<T> {
    const s = (await this.load(file)) as T;
    if (s?.generatedAt !== this.manifest.generatedAt) throw shardsChanged(file);
    return s;
  }

  /** The books at these positions, each with the id it is linked by. */
  private async rows(ids: number[]): Promise<Array<{ book: Book; publicId: string }>> {
    const size = this.manifest.chunk;
    const need = [...new Set(ids.map((i) => Math.floor(i / size)))];
    const chunks = new Map(await Promise.all(need.map(async (k) => [k, await this.chunks.get(String(k), () => this.shard<BookChunk>(chunkFile(k)))] as const)));
    return ids.map((i) => {
      const chunk = chunks.get(Math.floor(i / size))!;
      const j = i % size;
      const book = chunk.books[j];
      if (!book) throw new SyntaxError(`${chunkFile(Math.floor(i / size))} lacks the book at position ${i}`);
      return { book, publicId: chunk.linkedAs[j] ?? book.id };
    });
  }
}

/** BookSearchIndex.lookup over term shards: per slot, the positions whose best word starting with (whole: equal to) the term has that slot. */
function lookupIn(shards: Postings[], term: string, whole: boolean, size: number): Array<number[] | undefined> {
  const lists: Array<number[] | undefined> = [];
  const add = (slot: number, at: number) => (lists[slot] ??= []).push(at);
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
    for (const [w, p] of s) {
      if (!w.startsWith(term)) continue;
      const { at, slot } = p;
      for (let j = 0; j < at.length; j++) {
        const i = at[j]!;
        if (best[i] === NONE) seen.push(i);
        if (slot[j]! < best[i]!) best[i] = slot[j]!;
      }
    }
  for (const i of seen) add(best[i]!, i);
  return lists;
}
