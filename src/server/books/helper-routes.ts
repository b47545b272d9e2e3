// The catalog helpers' routes for `npm start`: /api/gradewise-audio, /api/research[/<id>],
// /api/theses[/<id>], answered by the pure modules (src/core/books/gradewise-audio.ts,
// research.ts) from the files the build writes; each file read again when it changes.
// The static files of these folders (api/research/index.json…) are left to the static handler.

import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { answerGradewiseAudio, GRADEWISE_AUDIO_FILE, type GradewiseAudio } from '../../core/books/gradewise-audio.ts';
import { answerResearch, RESEARCH_FILE, type ResearchItem } from '../../core/books/research.ts';
import type { ApiResponse } from '../../core/books/types.ts';

/** A JSON file, parsed once per version (mtime and size). */
function jsonFile<T>(path: string): () => Promise<T | undefined> {
  let loaded: { key: string; value: T } | undefined;
  return async () => {
    let s;
    try {
      s = await stat(path);
    } catch {
      return undefined;
    }
    const key = `${s.mtimeMs}-${s.size}`;
    if (loaded?.key !== key) loaded = { key, value: JSON.parse(await readFile(path, 'utf8')) as T };
    return loaded.value;
  };
}

/** The answer to a helper route, `false` for a static file of their folders, undefined for other paths. */
export function booksHelpers(root: string): (method: string, path: string, params: URLSearchParams) => Promise<ApiResponse | false | undefined> {
  const audio = jsonFile<{ data: GradewiseAudio }>(join(root, ...GRADEWISE_AUDIO_FILE.split('/')));
  const research = jsonFile<{ data: ResearchItem[] }>(join(root, ...RESEARCH_FILE.split('/')));
  return async (method, path, params) => {
    const m = /^\/api\/(gradewise-audio|research|theses)(\/|$)/.exec(path);
    if (!m) return undefined;
    if (/\.(json|txt)$/.test(path)) return false;
    if (method !== 'GET' && method !== 'HEAD') return { status: 405, body: { success: false, error: 'Method not allowed' }, allow: 'GET, HEAD, OPTIONS' };
    try {
      if (m[1] === 'gradewise-audio') {
        if (!/^\/api\/gradewise-audio\/?$/.test(path)) return { status: 404, body: { success: false, error: 'Not found' } };
        const file = await audio();
        return file ? answerGradewiseAudio(file, params) : { status: 503, body: { success: false, error: 'Catalog not built' } };
      }
      const file = await research();
      if (!file) return { status: 503, body: { success: false, error: 'Catalog not built' } };
      return answerResearch(path, params, () => file.data) ?? { status: 404, body: { success: false, error: 'Not found' } };
    } catch {
      return { status: 503, body: { success: false, error: 'Catalog unavailable' } };
    }
  };
}
