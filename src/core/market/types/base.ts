// What every family of the model shares: the fields kept verbatim, and the two layouts.

/** Fields a record carried that the model has no name for, written back unchanged. */
export type Extra = Record<string, unknown>;

export type Layout = 'a' | 'b';
