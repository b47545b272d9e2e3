// Where the sample's links point: example.com, never the exchange (the documents do not exist).

export const SAMPLE_BASE = 'https://example.com/khoj-sample/';
export const DOC_BASE = `${SAMPLE_BASE}files?fileLocation=`;
