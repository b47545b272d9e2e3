// A small valid EPUB 3 made for the tests (fflate's zip): the mimetype first and stored, the
// container, a package with a nav document and a style sheet, and the chapters given.

import { strToU8, zipSync, type Zippable } from 'fflate';

export interface TestChapter {
  title: string;
  /** the body's XHTML */
  body: string;
  lang?: string;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

export function makeEpub(title: string, chapters: TestChapter[], css = 'body { font-family: Georgia, serif; }'): Buffer {
  const name = (i: number) => `text/chapter-${i + 1}.xhtml`;
  const files: Zippable = {
    mimetype: [strToU8('application/epub+zip'), { level: 0 }],
    'META-INF/container.xml': strToU8(
      `<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="epub/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>`,
    ),
    'epub/content.opf': strToU8(
      `<?xml version="1.0" encoding="utf-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid">
<metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="uid">urn:khoj:test</dc:identifier><dc:title>${esc(title)}</dc:title><dc:language>en</dc:language><meta property="dcterms:modified">2026-01-01T00:00:00Z</meta></metadata>
<manifest>
<item id="nav" href="toc.xhtml" media-type="application/xhtml+xml" properties="nav"/>
<item id="css" href="css/book.css" media-type="text/css"/>
${chapters.map((_, i) => `<item id="c${i + 1}" href="${name(i)}" media-type="application/xhtml+xml"/>`).join('\n')}
</manifest>
<spine>${chapters.map((_, i) => `<itemref idref="c${i + 1}"/>`).join('')}</spine>
</package>`,
    ),
    'epub/toc.xhtml': strToU8(
      `<?xml version="1.0" encoding="utf-8"?><html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><head><title>Contents</title></head><body><nav epub:type="toc"><ol>${chapters
        .map((c, i) => `<li><a href="${name(i)}">${esc(c.title)}</a></li>`)
        .join('')}</ol></nav></body></html>`,
    ),
    'epub/css/book.css': strToU8(css),
  };
  chapters.forEach((c, i) => {
    files[`epub/${name(i)}`] = strToU8(
      `<?xml version="1.0" encoding="utf-8"?><html xmlns="http://www.w3.org/1999/xhtml" xml:lang="${c.lang ?? 'en'}" lang="${c.lang ?? 'en'}"><head><title>${esc(c.title)}</title><link href="../css/book.css" rel="stylesheet" type="text/css"/></head><body>${c.body}</body></html>`,
    );
  });
  return Buffer.from(zipSync(files));
}
