// Word pools of the sample market generator. Company names are invented from Nepali places,
// rivers and peaks with the naming patterns of each sector, so the synthetic prices are never
// shown against a real company's name. Sector, index and holiday names are the exchange's.

export const PLACES = [
  'Tinau', 'Sagarmatha', 'Kanchan', 'Bagmati', 'Gandaki', 'Koshi', 'Karnali', 'Mahakali', 'Rapti', 'Seti',
  'Bheri', 'Narayani', 'Janaki', 'Arniko', 'Shivapuri', 'Phewa', 'Rara', 'Makalu', 'Dhaulagiri', 'Manaslu',
  'Langtang', 'Nilgiri', 'Saipal', 'Api', 'Jalpa', 'Pathibhara', 'Nagarjun', 'Phulchoki', 'Chandragiri', 'Swayambhu',
  'Tamor', 'Arun', 'Dudhkoshi', 'Likhu', 'Sunkoshi', 'Tamakoshi', 'Indrawati', 'Melamchi', 'Trishuli', 'Budhi',
  'Marsyangdi', 'Modi', 'Kali', 'Madi', 'Daraudi', 'Chepe', 'Mardi', 'Mistri', 'Lodo', 'Hewa',
  'Mai', 'Kabeli', 'Iwa', 'Puwa', 'Jogmai', 'Ankhu', 'Khimti', 'Bhote', 'Balephi', 'Chilime',
  'Rasuwa', 'Dolakha', 'Barun', 'Kanchenjunga', 'Ganesh', 'Gauri', 'Jugal', 'Rolwaling', 'Mustang', 'Manang',
  'Jumla', 'Humla', 'Dolpa', 'Mugu', 'Bajura', 'Khaptad', 'Doti', 'Achham', 'Baitadi', 'Darchula',
  'Surkhet', 'Dailekh', 'Salyan', 'Rolpa', 'Pyuthan', 'Dang', 'Deukhuri', 'Butwal', 'Hetauda', 'Dharan',
  'Itahari', 'Damak', 'Ilam', 'Palpa', 'Gorkha', 'Lamjung', 'Tanahun', 'Syangja', 'Parbat', 'Myagdi',
  'Baglung', 'Gulmi', 'Arghakhanchi', 'Kapilvastu', 'Nawalpur', 'Sindhuli', 'Ramechhap', 'Okhaldhunga', 'Khotang', 'Bhojpur',
  'Dhankuta', 'Terhathum', 'Panchthar', 'Taplejung', 'Sankhuwa', 'Solu', 'Udayapur', 'Siraha', 'Saptari', 'Mahottari',
  'Sarlahi', 'Rautahat', 'Bara', 'Parsa', 'Chitwan', 'Makwanpur', 'Kavre', 'Nuwakot', 'Dhading', 'Sindhupalchok',
  'Bardiya', 'Kailali', 'Kanchanpur', 'Dadeldhura', 'Bajhang', 'Kalikot', 'Jajarkot', 'Rukum', 'Sunaulo', 'Himchuli',
];

export const WORDS = ['Samriddhi', 'Unnati', 'Pragati', 'Jeevan', 'Suraksha', 'Nirmaan', 'Uday', 'Jyoti', 'Shikhar', 'Sagar', 'Saurya', 'Sabal', 'Sajilo', 'Abhiyan', 'Sahas', 'Milan', 'Prerana', 'Sambhav', 'Kiran', 'Aadhar'];

export const FIRST_NAMES = ['Ram', 'Sita', 'Hari', 'Gita', 'Krishna', 'Laxmi', 'Binod', 'Sunita', 'Prakash', 'Anita', 'Rajesh', 'Sarita', 'Dipak', 'Kamala', 'Suresh', 'Manju', 'Bikash', 'Pooja', 'Nabin', 'Rekha', 'Bishnu', 'Sabina', 'Arjun', 'Nirmala'];
export const LAST_NAMES = ['Shrestha', 'Thapa', 'Gurung', 'Tamang', 'Rai', 'Limbu', 'Magar', 'Sharma', 'Adhikari', 'Karki', 'Poudel', 'Bhattarai', 'KC', 'Maharjan', 'Joshi', 'Pandey', 'Yadav', 'Shah', 'Koirala', 'Basnet'];

/** district → province (the provinces' current names) */
export const DISTRICTS: ReadonlyArray<readonly [string, string]> = [
  ['Kathmandu', 'Bagmati Province'],
  ['Lalitpur', 'Bagmati Province'],
  ['Bhaktapur', 'Bagmati Province'],
  ['Chitwan', 'Bagmati Province'],
  ['Makwanpur', 'Bagmati Province'],
  ['Kavrepalanchok', 'Bagmati Province'],
  ['Kaski', 'Gandaki Province'],
  ['Syangja', 'Gandaki Province'],
  ['Tanahun', 'Gandaki Province'],
  ['Morang', 'Koshi Province'],
  ['Sunsari', 'Koshi Province'],
  ['Jhapa', 'Koshi Province'],
  ['Parsa', 'Madhesh Province'],
  ['Dhanusha', 'Madhesh Province'],
  ['Rupandehi', 'Lumbini Province'],
  ['Dang', 'Lumbini Province'],
  ['Banke', 'Lumbini Province'],
  ['Palpa', 'Lumbini Province'],
  ['Surkhet', 'Karnali Province'],
  ['Kailali', 'Sudurpashchim Province'],
];

export type SecurityKind = 'equity' | 'closedFund' | 'openFund' | 'debenture' | 'bond';

export interface SectorPlan {
  /** `sectorName` of the securities list */
  sector: string;
  /** key of the sector codes file */
  codeKey: string;
  count: number;
  kind: SecurityKind;
  /** company name patterns; {P} is a place, {W} a word */
  patterns: string[];
  /** starting price range, NPR */
  price: readonly [number, number];
  /** shares (units) outstanding, millions */
  shares: readonly [number, number];
  /** daily volatility */
  sigma: number;
  /** median daily turnover when traded, NPR millions */
  turnover: number;
  regulator: string;
  instrument: string;
}

export const SECTOR_PLANS: readonly SectorPlan[] = [
  { sector: 'Commercial Banks', codeKey: 'Commercial Banks', count: 20, kind: 'equity', patterns: ['{P} Commercial Bank Limited', '{P} {W} Bank Limited'], price: [180, 520], shares: [90, 260], sigma: 0.012, turnover: 30, regulator: 'Nepal Rastra Bank', instrument: 'Equity' },
  { sector: 'Development Banks', codeKey: 'Development Bank Limited', count: 16, kind: 'equity', patterns: ['{P} Bikas Bank Limited', '{P} Development Bank Limited'], price: [250, 560], shares: [20, 60], sigma: 0.016, turnover: 15, regulator: 'Nepal Rastra Bank', instrument: 'Equity' },
  { sector: 'Finance', codeKey: 'Finance', count: 15, kind: 'equity', patterns: ['{P} Finance Limited', '{P} {W} Finance Limited'], price: [280, 900], shares: [8, 25], sigma: 0.018, turnover: 8, regulator: 'Nepal Rastra Bank', instrument: 'Equity' },
  { sector: 'Microfinance', codeKey: 'Microfinance', count: 52, kind: 'equity', patterns: ['{P} Laghubitta Bittiya Sanstha Limited', '{W} Laghubitta Bittiya Sanstha Limited'], price: [500, 2800], shares: [1.5, 10], sigma: 0.02, turnover: 6, regulator: 'Nepal Rastra Bank', instrument: 'Equity' },
  { sector: 'Life Insurance', codeKey: 'Life Insurance', count: 14, kind: 'equity', patterns: ['{P} Life Insurance Company Limited', '{W} Life Insurance Limited'], price: [400, 1300], shares: [20, 80], sigma: 0.015, turnover: 20, regulator: 'Nepal Insurance Authority', instrument: 'Equity' },
  { sector: 'Non Life Insurance', codeKey: 'Non-Life Insurance', count: 13, kind: 'equity', patterns: ['{P} General Insurance Limited', '{P} Insurance Company Limited'], price: [450, 1100], shares: [10, 40], sigma: 0.016, turnover: 12, regulator: 'Nepal Insurance Authority', instrument: 'Equity' },
  { sector: 'Hydro Power', codeKey: 'Hydro Power', count: 100, kind: 'equity', patterns: ['{P} Hydropower Limited', '{P} Khola Hydropower Company Limited', '{P} Urja Limited', '{P} Jalvidyut Company Limited', '{P} Power Company Limited'], price: [150, 760], shares: [3, 22], sigma: 0.024, turnover: 18, regulator: 'Department of Electricity Development', instrument: 'Equity' },
  { sector: 'Hotels And Tourism', codeKey: 'Hotels And Tourism', count: 7, kind: 'equity', patterns: ['{P} Hotels and Resorts Limited', '{P} Tourism Development Limited'], price: [400, 950], shares: [10, 40], sigma: 0.017, turnover: 10, regulator: 'Ministry of Culture, Tourism and Civil Aviation', instrument: 'Equity' },
  { sector: 'Manufacturing And Processing', codeKey: 'Manufacturing And Processing', count: 12, kind: 'equity', patterns: ['{P} Cement Industries Limited', '{P} Dairy Udyog Limited', '{P} Distillery Limited', '{P} Paints Industries Limited', '{P} Pharmaceuticals Limited', '{P} Steel Limited', '{P} Textile Mills Limited'], price: [300, 8000], shares: [1, 12], sigma: 0.02, turnover: 12, regulator: 'Ministry of Industry, Commerce and Supplies', instrument: 'Equity' },
  { sector: 'Tradings', codeKey: 'Tradings', count: 3, kind: 'equity', patterns: ['{P} Trading Company Limited', '{P} Vyapar Limited'], price: [900, 4500], shares: [1, 6], sigma: 0.02, turnover: 5, regulator: 'N/A', instrument: 'Equity' },
  { sector: 'Investment', codeKey: 'Investment', count: 8, kind: 'equity', patterns: ['{P} Investment Company Limited', '{P} Capital Limited', '{W} Infrastructure Fund Limited'], price: [250, 1300], shares: [10, 60], sigma: 0.018, turnover: 15, regulator: 'N/A', instrument: 'Equity' },
  { sector: 'Others', codeKey: 'Others', count: 8, kind: 'equity', patterns: ['{P} Airlines Limited', '{P} Telecom Limited', '{P} Cable Car Limited', '{P} Reinsurance Company Limited', '{P} Stock Exchange Services Limited'], price: [400, 1600], shares: [10, 100], sigma: 0.015, turnover: 20, regulator: 'N/A', instrument: 'Equity' },
  { sector: 'Mutual Fund', codeKey: 'Mutual Fund', count: 24, kind: 'closedFund', patterns: ['{P} Growth Fund', '{P} Equity Fund', '{P} Balanced Fund', '{W} Samriddhi Fund'], price: [8.2, 13.5], shares: [60, 300], sigma: 0.008, turnover: 1.5, regulator: 'Securities Board of Nepal', instrument: 'Mutual Funds' },
  { sector: 'Mutual Fund', codeKey: 'Mutual Fund', count: 12, kind: 'openFund', patterns: ['{P} Sadabahar Yojana', '{P} Sunaulo Lagani Yojana', '{P} Flexi Cap Fund', '{P} Sahabhagita Fund'], price: [9.2, 12.4], shares: [40, 900], sigma: 0.004, turnover: 0, regulator: 'Securities Board of Nepal', instrument: 'Mutual Funds' },
  { sector: 'Commercial Banks', codeKey: 'Corporate Debenture', count: 15, kind: 'debenture', patterns: [], price: [960, 1110], shares: [0.5, 4], sigma: 0.003, turnover: 0.6, regulator: 'Nepal Rastra Bank', instrument: 'Non-Convertible Debentures' },
  { sector: 'Others', codeKey: 'Government Bond', count: 3, kind: 'bond', patterns: [], price: [990, 1030], shares: [1, 5], sigma: 0.002, turnover: 0.5, regulator: 'Nepal Rastra Bank', instrument: 'Non-Convertible Debentures' },
];

/** The exchange's sector indices (codes and names are the exchange's own). */
export const SECTOR_INDICES: ReadonlyArray<{ id: number; code: string; name: string; description: string; sector: string; sectorId: number; regulator: string }> = [
  { id: 51, code: 'BANKSUBIND', name: 'Banking SubIndex', description: 'Index of all the listed commercial banks', sector: 'Commercial Banks', sectorId: 37, regulator: 'Nepal Rastra Bank' },
  { id: 52, code: 'HOTELIND', name: 'Hotels And Tourism Index', description: 'All the companies listed in the hotels group', sector: 'Hotels And Tourism', sectorId: 39, regulator: 'Ministry of Tourism' },
  { id: 53, code: 'OTHERSIND', name: 'Others Index', description: 'All the companies listed in the others group', sector: 'Others', sectorId: 40, regulator: 'N/A' },
  { id: 54, code: 'HYDPOWIND', name: 'HydroPower Index', description: 'All the companies listed in the hydropower group', sector: 'Hydro Power', sectorId: 41, regulator: 'Nepal Hydropower Board' },
  { id: 55, code: 'DEVBANKIND', name: 'Development Bank Index', description: 'Index of the listed development banks', sector: 'Development Banks', sectorId: 44, regulator: 'Nepal Rastra Bank' },
  { id: 56, code: 'MANPROCIND', name: 'Manufacturing And Processing', description: 'All the companies listed in the manufacturing and processing group', sector: 'Manufacturing And Processing', sectorId: 38, regulator: 'N/A' },
  { id: 57, code: 'SENSIND', name: 'Sensitive Index', description: 'Index of the class A companies', sector: 'ALL', sectorId: 0, regulator: 'N/A' },
  { id: 58, code: 'NEPSE', name: 'NEPSE Index', description: 'Index of all the listed companies', sector: 'ALL', sectorId: 0, regulator: 'N/A' },
  { id: 59, code: 'NONLIFIND', name: 'Non Life Insurance', description: 'Index of the non-life insurance companies', sector: 'Non Life Insurance', sectorId: 42, regulator: 'Nepal Insurance Authority' },
  { id: 60, code: 'FININD', name: 'Finance Index', description: 'Index of the finance companies', sector: 'Finance', sectorId: 43, regulator: 'Nepal Rastra Bank' },
  { id: 61, code: 'TRDIND', name: 'Trading Index', description: 'Index of the trading companies', sector: 'Tradings', sectorId: 45, regulator: 'N/A' },
  { id: 62, code: 'FLOATIND', name: 'Float Index', description: 'Index of the floated shares of all the listed companies', sector: 'ALL', sectorId: 0, regulator: 'N/A' },
  { id: 63, code: 'SENSFLTIND', name: 'Sensitive Float Index', description: 'Index of the floated shares of the class A companies', sector: 'ALL', sectorId: 0, regulator: 'N/A' },
  { id: 64, code: 'MICRFININD', name: 'Microfinance Index', description: 'Index of the microfinance institutions', sector: 'Microfinance', sectorId: 46, regulator: 'Nepal Rastra Bank' },
  { id: 65, code: 'LIFINSIND', name: 'Life Insurance', description: 'Index of the life insurance companies', sector: 'Life Insurance', sectorId: 47, regulator: 'Nepal Insurance Authority' },
  { id: 66, code: 'MUTUALIND', name: 'Mutual Fund', description: 'Index of the closed-end mutual funds', sector: 'Mutual Fund', sectorId: 48, regulator: 'Securities Board of Nepal' },
  { id: 67, code: 'INVIDX', name: 'Investment Index', description: 'Index of the investment companies', sector: 'Investment', sectorId: 49, regulator: 'N/A' },
];

/**
 * Public holidays on which the exchange is shut (approximate dates: Dashain, Tihar, Chhath, New
 * Year, national days). Outside this list only the weekly rule applies.
 */
export const HOLIDAYS = new Set([
  '2025-10-01', '2025-10-02', '2025-10-03', '2025-10-20', '2025-10-21', '2025-10-22', '2025-10-23', '2025-10-27', '2025-12-25',
  '2026-01-15', '2026-01-30', '2026-02-15', '2026-02-19', '2026-03-03', '2026-03-08', '2026-04-14', '2026-05-01', '2026-05-29',
  '2026-09-18', '2026-10-19', '2026-10-20', '2026-10-21', '2026-10-22', '2026-11-09', '2026-11-10', '2026-11-11', '2026-11-13',
]);

/** The exchange has traded Monday–Friday since this date, Sunday–Thursday before. */
export const MONDAY_TO_FRIDAY_FROM = '2026-04-06';

/** Bikram Sambat months and the Gregorian day each roughly begins on (month, day). */
export const BS_MONTHS: ReadonlyArray<readonly [string, number, number]> = [
  ['Baishakh', 4, 14],
  ['Jestha', 5, 15],
  ['Ashad', 6, 15],
  ['Shrawan', 7, 17],
  ['Bhadra', 8, 17],
  ['Ashwin', 9, 17],
  ['Kartik', 10, 18],
  ['Mangsir', 11, 17],
  ['Poush', 12, 16],
  ['Magh', 1, 15],
  ['Falgun', 2, 13],
  ['Chaitra', 3, 15],
];
