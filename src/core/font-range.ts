// The characters the app's Devanagari font covers (src/vite/fonts.ts subsets it for the page,
// data-build/books/cover-font.ts for the covers): one range for both cuts.

/** The characters the font covers and we may need: its unicode-range (fontsource's "devanagari" subset). */
export const FONT_RANGE = /[\u0900-\u097f\u1cd0-\u1cf9\u200c\u200d\u20a8\u20b9\u20f0\u25cc\ua830-\ua839\ua8e0-\ua8ff]/gu;
