// The normalised, typed model of one market snapshot. Every adapter reads into it and
// writes from it: layout A and layout B files (read: adapters.ts → read.ts; write: write.ts).
// One module per family of files in types/; this one is their list.
//
// Conventions:
// - `null` means "not published" (absent key, or published null). Every field the contract or a
//   real file names has a place here; anything else a record carried is kept, verbatim, in
//   `extra` and written back out, so nothing a client may read is lost.
// - Timestamps stay the strings the source published (three conventions, see clock.ts):
//   clients parse them as they always have; clock.ts interprets them.
// - Amounts are numbers, except where the source publishes decimal text (IPO units, dividend
//   percentages), which stays text.

export type * from './base.ts';
export type * from './prices.ts';
export type * from './history.ts';
export type * from './news.ts';
export type * from './reference.ts';
export type * from './listings.ts';
export type * from './snapshot.ts';
