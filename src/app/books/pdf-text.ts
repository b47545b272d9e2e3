// Text as a reader searches it, shared by the reader screen and pdf.js's side (pdf-doc.ts) without
// the reader screen loading pdf.js before it has a file to open.

export const normaliseText = (s: string) => s.normalize('NFC').replace(/\s+/g, ' ').trim().toLowerCase();
