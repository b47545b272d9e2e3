// "Suggest a correction": a link on each entry built from a URL template the build's sources
// configuration names (`--correction-url`, a profile's dictionary.correctionUrl), carried to the
// app in metadata.json's optional `correctionUrl`. A plain link: nothing is sent unless the reader
// follows it.

export const WORD_PLACEHOLDER = '{word}';

/** What is wrong with a template, or undefined: an absolute http(s) URL holding {word}. */
export function correctionUrlProblem(template: string): string | undefined {
  if (!template.includes(WORD_PLACEHOLDER)) return `"${template}" has no ${WORD_PLACEHOLDER} placeholder`;
  let url: URL;
  try {
    url = new URL(template.replaceAll(WORD_PLACEHOLDER, 'x'));
  } catch {
    return `"${template}" is not an absolute URL`;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return `"${template}" is not an http(s) URL`;
  return undefined;
}

/** The link for `word`: every {word} replaced by the word, percent-encoded. */
export const correctionLink = (template: string, word: string): string => template.replaceAll(WORD_PLACEHOLDER, encodeURIComponent(word));
