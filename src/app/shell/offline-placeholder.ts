// A section's line in the first-visit banner (offline-ready.tsx) stands from the banner's first
// paint, naming the section, and says what is saved once the worker tells: the same element, its
// text replaced. A line that arrived seconds later was the page's largest text, its Largest
// Contentful Paint: 4.2 s on the dictionary home at full size (issue 38, bench/RESULTS.md), where
// the browser counts an element once, when it is first painted.

import { type Lang, STRINGS } from '../i18n.ts';

/** The line before the worker has told: the section's name, being saved ("शब्दकोश: साँच्दै…"). */
export const placeholder = (name: string, lang: Lang): string => `${name}: ${STRINGS[lang].saving}…`;
