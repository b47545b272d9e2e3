// The contract's book fields, in its order, as ../shared/spec/textbook-catalog.md ("Book") lists them: written here
// from the contract, not imported from the code under test.

export const CONTRACT_FIELDS = [
  'id',
  'title',
  'author',
  'grade',
  'subject',
  'language',
  'country',
  'curriculum',
  'source',
  'sourceUrl',
  'readUrl',
  'pdfUrl',
  'coverUrl',
  'category',
  'keywords',
];
