// Messages between the page and the search worker.

export type SearchKind = 'words' | 'meanings';

export interface SearchRequest {
  id: number;
  /** absolute URL of the /api/v1/ folder: the page knows where it is hosted */
  base: string;
  kind: SearchKind;
  q: string;
  limit: number;
}

export interface SearchResponse {
  id: number;
  words: string[];
  /** how much of the dictionary was indexed when this answer was made (letters for words, chunks for meanings) */
  partial?: { indexed: number; total: number };
  /** letters the query needs whose word lists are not on the device (offline) */
  unsaved?: string[];
  error?: string;
}
