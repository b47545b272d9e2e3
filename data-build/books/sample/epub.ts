// The sample's story as an EPUB 3 (make-files.ts): the mimetype first and stored, the container,
// a package with a nav document, a style sheet and a chapter per part; every entry dated the same,
// so the same story gives the same bytes.

import { strToU8, zipSync, type Zippable } from 'fflate';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
const MTIME = new Date('2026-01-01T00:00:00Z');

export function makeEpub(story: { title: string; chapters: Array<{ title: string; paragraphs: string[] }> }): Uint8Array {
  const name = (i: number) => `text/part-${i + 1}.xhtml`;
  const xhtml = (title: string, body: string) =>
    `<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE html>\n<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" xml:lang="ne" lang="ne"><head><title>${esc(title)}</title><link href="../css/story.css" rel="stylesheet" type="text/css"/></head><body>${body}</body></html>`;
  const files: Zippable = {
    mimetype: [strToU8('application/epub+zip'), { level: 0 }],
    'META-INF/container.xml': strToU8(
      '<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="epub/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>',
    ),
    'epub/content.opf': strToU8(`<?xml version="1.0" encoding="utf-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid" xml:lang="ne">
<metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="uid">urn:khoj:sample:anautho-phal</dc:identifier><dc:title>${esc(story.title)}</dc:title><dc:language>ne</dc:language><dc:creator>Khoj team (sample)</dc:creator><dc:rights>CC0 1.0: written for the Khoj sample catalog</dc:rights><meta property="dcterms:modified">2026-01-01T00:00:00Z</meta></metadata>
<manifest>
<item id="nav" href="text/nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
<item id="css" href="css/story.css" media-type="text/css"/>
${story.chapters.map((_, i) => `<item id="p${i + 1}" href="${name(i)}" media-type="application/xhtml+xml"/>`).join('\n')}
</manifest>
<spine>${story.chapters.map((_, i) => `<itemref idref="p${i + 1}"/>`).join('')}</spine>
</package>`),
    'epub/text/nav.xhtml': strToU8(
      xhtml(
        story.title,
        `<nav epub:type="toc"><h1>${esc(story.title)}</h1><ol>${story.chapters.map((c, i) => `<li><a href="part-${i + 1}.xhtml">${esc(c.title)}</a></li>`).join('')}</ol></nav>`,
      ),
    ),
    'epub/css/story.css': strToU8('h2 { color: #8a1c1c; } p { text-indent: 1.5em; margin: 0 0 0.6em; }'),
  };
  story.chapters.forEach((c, i) => {
    files[`epub/${name(i)}`] = strToU8(xhtml(c.title, `<h2>${esc(c.title)}</h2>${c.paragraphs.map((p) => `<p>${esc(p)}</p>`).join('')}`));
  });
  return zipSync(files, { mtime: MTIME });
}
