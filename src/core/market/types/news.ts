// Notices, disclosures and exchange messages.

import type { Extra } from './base.ts';

/** A general notice. */
export interface Notice {
  id: number;
  /** A `title`, real `noticeHeading` */
  heading: string;
  /** A `body`, B `noticeDetail`, real `noticeBody` (may hold HTML) */
  body: string | null;
  /** A `filePath`, real `noticeFilePath` */
  filePath: string | null;
  /** A `expiresAt`, real `noticeExpiryDate` (date) */
  expiryDate: string | null;
  /** A `featured`, real `feature` */
  featured: boolean | null;
  /** A `type`, real `noticeTypeId.noticeType` */
  type: string | null;
  /** B `publishedDate`; the real files publish no such time */
  publishedAt: string | null;
  extra: Extra;
}

export interface DocumentRef {
  id: number | null;
  submittedDate: string | null;
  /** path below the exchange's document base URL */
  filePath: string | null;
  fileUrl: string | null;
  encryptedId: string | null;
  extra: Extra;
}

/** A company disclosure (also the `company` list of layout B notices). */
export interface Disclosure {
  id: number;
  symbol: string | null;
  /** A `title`, B `newsHeadline` */
  title: string;
  /** A `body`, B `newsBody` (may hold HTML) */
  body: string | null;
  /** A `source`, B real `newsSource` */
  source: string | null;
  /** A `publishedAt`, B `addedDate` — naive Nepal time */
  publishedAt: string | null;
  /** A `documents`, B `applicationDocumentDetailsList` */
  documents: DocumentRef[];
  extra: Extra;
}

/** An exchange message (also the `exchange` list of layout B notices). */
export interface ExchangeMessage {
  id: number;
  symbol: string | null;
  /** A `title`, B `messageTitle` */
  title: string;
  /** A `body`, B `messageBody` (may hold HTML) */
  body: string | null;
  /** A `publishedAt`, B real `addedDate` — naive Nepal time */
  publishedAt: string | null;
  /** A `expiresAt`, B `expiryDate` */
  expiryDate: string | null;
  filePath: string | null;
  fileUrl: string | null;
  extra: Extra;
}

export interface Notices {
  general: Notice[];
  company: Disclosure[];
  exchange: ExchangeMessage[];
  /** naive UTC */
  lastUpdated: string | null;
  extra: Extra;
}
