// Files are named for what they hold (issue 37 item 7): a section's file in each layer says which
// part it is (dictionary-page.tsx, dictionary-worker.ts, dictionary-declaration.ts …), and no
// file is a grab-bag. Sixteen files were once all named section.*, and three helpers.ts.

import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../../', import.meta.url).pathname;
const VAGUE = /^(section|sections?-helpers|helpers?|utils?|misc|common|stuff)\.(ts|tsx)$/;

function filesUnder(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)]));
}

describe('file names', () => {
  it('no file in src or data-build has a name that says nothing of what it holds', () => {
    const vague = ['src', 'data-build'].flatMap(filesUnder).filter((f) => VAGUE.test(f.split('/').pop()!));
    expect(vague).toEqual([]);
  });

  it("each section's file in each layer is named for the section and the layer", () => {
    const ids = readdirSync(join(ROOT, 'src/core'), { withFileTypes: true })
      .filter((e) => e.isDirectory() && filesUnder(join('src/core', e.name)).some((f) => f.endsWith(`${e.name}-declaration.ts`)))
      .map((e) => e.name);
    expect(ids.sort()).toEqual(['books', 'dictionary', 'market']);
    for (const id of ids) {
      expect(filesUnder(`src/sw/${id}`)).toContain(`src/sw/${id}/${id}-worker.ts`);
      expect(filesUnder(`src/app/${id}`)).toContain(`src/app/${id}/${id}-page.tsx`);
      expect(filesUnder(`data-build/${id}`)).toContain(`data-build/${id}/${id}-data.ts`);
    }
  });
});
