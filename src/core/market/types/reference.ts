// Reference data: brokers, securities, sector codes, company profiles and financials.

import type { Extra } from './base.ts';

export interface Broker {
  id: number | null;
  memberCode: number;
  memberName: string;
  membershipType: string | null;
  phone: string | null;
  provinces: string[];
  districts: string[];
  tmsLink: string | null;
  branchCount: number | null;
  activeStatus: string | null;
  isDealer: string | null;
  extra: Extra;
}

export interface Security {
  id: number | null;
  companyName: string | null;
  symbol: string;
  securityName: string | null;
  status: string | null;
  sectorName: string | null;
  instrumentType: string | null;
  extra: Extra;
}

export interface SectorCodeItem {
  symbol: string;
  name: string | null;
  extra: Extra;
}
/** sector name → its securities, in published order */
export type SectorCodes = Record<string, SectorCodeItem[]>;

export interface CompanyProfile {
  id: number | null;
  symbol: string;
  profile: string | null;
  email: string | null;
  phone: string | null;
  fax: string | null;
  contactPerson: string | null;
  addressType: string | null;
  address: string | null;
  imageUrl: string | null;
  status: string | null;
  logoPath: string | null;
  extra: Extra;
}

export interface ReportDocument {
  submittedDate: string | null;
  path: string | null;
  extra: Extra;
}
export interface FinancialReport {
  type: string | null;
  quarter: string | null;
  fy: string | null;
  fyNepali: string | null;
  pe: number | null;
  eps: number | null;
  paidUpCapital: number | null;
  profit: number | null;
  netWorthPerShare: number | null;
  documents: ReportDocument[];
  extra: Extra;
}
export interface CompanyFinancials {
  id: number | null;
  symbol: string;
  reports: FinancialReport[];
  extra: Extra;
}

export interface CompanyMeta {
  lastUpdated: string | null;
  source: string | null;
  documentBaseUrl: string | null;
  count: number | null;
  extra: Extra;
}
