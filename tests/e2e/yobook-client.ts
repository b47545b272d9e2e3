// What the upstream's public web client (YoBook's own catalog page) asks the API and reads from
// its answers, restated as one function that runs in a page (page.evaluate: self-contained).
// Written from the client's behaviour, not its code: the sources with counts; the book list
// with its default filter (source cehrd-learning, limit 100), a search and a grade chip, the
// total from `pagination.total` or `meta.total`; a book opened through /api/books/<id>, its
// files from `downloadUrl` (a string or a list), `readUrl` or `audioUrl`; and what its newer
// pages read: /api/textbooks, /api/teacher-guides, /api/ncert chapters, question-paper
// collections (`question_papers[].url` or `.readUrl`), /api/gradewise-audio by grade and
// subject, and /api/research with one item. The report is what a reader of that client would
// see, so the same report from the upstream and from Khoj means the client works on Khoj.

export interface ClientReport {
  failures: string[];
  sources: Array<[string, number]>;
  lists: Record<string, { total: number | null; ids: string[] }>;
  books: Record<
    string,
    { title: string; subject: string; grade: string; audio: boolean; read: string; downloads: string[]; papers: string[]; chapters: string[] }
  >;
  audio: { links: number; chapters: string[] };
  research: { total: number | null; ids: string[]; first: string };
}

export async function yobookClient(base: string): Promise<ClientReport> {
  type Json = Record<string, unknown>;
  const api = `${base}/api`;
  const report: ClientReport = {
    failures: [],
    sources: [],
    lists: {},
    books: {},
    audio: { links: 0, chapters: [] },
    research: { total: null, ids: [], first: '' },
  };
  const get = async (path: string): Promise<Json | null> => {
    try {
      const r = await fetch(`${api}${path}`);
      const body = (await r.json()) as Json;
      if (!r.ok || body.success !== true) report.failures.push(`${path}: ${r.status} ${JSON.stringify(body).slice(0, 120)}`);
      return body.success === true ? body : null;
    } catch (e) {
      report.failures.push(`${path}: ${(e as Error).message}`);
      return null;
    }
  };
  const urls = (v: unknown): string[] => (Array.isArray(v) ? v : [v]).filter((u): u is string => typeof u === 'string' && u !== '');
  const total = (body: Json): number | null => {
    const n = (body.pagination as Json | undefined)?.total ?? (body.meta as Json | undefined)?.total;
    return typeof n === 'number' ? n : null;
  };
  const list = async (name: string, path: string, ranked = false): Promise<Json[]> => {
    const body = await get(path);
    const items = (body?.data as Json[] | undefined) ?? [];
    const ids = items.map((b) => String(b.id));
    // Khoj ranks search results; upstream filters in catalog order: the same books, in another order.
    report.lists[name] = { total: body ? total(body) : null, ids: ranked ? ids.sort() : ids };
    return items;
  };
  const open = async (id: string): Promise<void> => {
    const book = (await get(`/books/${encodeURIComponent(id)}`))?.data as Json | undefined;
    if (!book) return;
    const downloads = urls(book.downloadUrl);
    const audio = typeof book.audioUrl === 'string' && book.audioUrl !== '';
    report.books[id] = {
      title: String(book.titleLocal || book.title),
      subject: String(book.subject || 'General Reference'),
      // The grade's number: Khoj republishes a grade as the contract's number ("Grade 12" → 12,
      // the published value kept in `upstream.grade`); the client shows "Class <grade>".
      grade: book.grade ? `Class ${String(book.grade).replace(/^\D+/, '')}` : audio ? 'Audio' : 'N/A',
      audio,
      read: String(audio ? book.audioUrl : book.readUrl || downloads[0] || ''),
      downloads,
      papers: ((book.question_papers as Json[] | undefined) ?? []).map((p) => String(p.url ?? p.readUrl)),
      chapters: ((book.chapterDownloadUrls as Json[] | undefined) ?? []).map((c) => String(c.downloadUrl)),
    };
  };

  const sources = ((await get('/sources'))?.data as Json[] | undefined) ?? [];
  report.sources = sources.map((s): [string, number] => [String(s.source), Number(s.count)]).sort((a, b) => a[0].localeCompare(b[0]));
  const lists = [
    await list('default', '/books?source=cehrd-learning&limit=100'),
    await list('all', '/books?limit=100'),
    await list('search', '/books?q=english&limit=100', true),
    await list('standard ebooks', '/books?source=standard-ebooks&limit=100'),
    await list('audio books', '/books?source=cehrd-audio&limit=100'),
    await list('grade 5', '/books?grade=5&limit=100'),
    await list('textbooks', '/textbooks?limit=100'),
    await list('teacher guides', '/teacher-guides?limit=100'),
    await list('ncert', '/ncert?limit=100'),
  ];
  // The first two of each list opened, and every question-paper collection the list shows.
  const ids = new Set<string>();
  for (const items of lists) for (const [i, b] of items.entries()) if (i < 2 || Number(b.questionPaperCount) > 0) ids.add(String(b.id));
  for (const id of ids) await open(id);

  const grades = ((await get('/gradewise-audio?grade=4&subject=English'))?.data as Json | undefined) ?? {};
  report.audio.links = Number((grades.stats as Json | undefined)?.audioLinks ?? 0);
  for (const g of (grades.grades as Json[] | undefined) ?? [])
    for (const s of (g.subjects as Json[] | undefined) ?? [])
      for (const c of (s.chapters as Json[] | undefined) ?? []) report.audio.chapters.push(String(c.url));

  const research = await get('/research');
  const items = (research?.data as Json[] | undefined) ?? [];
  report.research = { total: research ? total(research) : null, ids: items.map((r) => String(r.id)), first: '' };
  if (items[0]) {
    const one = (await get(`/research/${encodeURIComponent(String(items[0].id))}`))?.data as Json | undefined;
    report.research.first = one ? `${String(one.title)} · ${urls(one.downloadUrl)[0] ?? String(one.readUrl)}` : '';
  }
  return report;
}
