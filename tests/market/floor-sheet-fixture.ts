// A floor sheet in the shape the upstream publishes (floor_sheet/manifest.json, daily/YYYY-MM-DD.json,
// lookups/stocks.json and brokers.json): the shared real data holds none. Values invented.

export const FLOOR_DAY = {
  date: '2026-09-03',
  totalAmount: 1073700,
  totalQty: 2600,
  totalTrades: 3,
  columns: ['contractId', 'stockId', 'buyer', 'seller', 'qty', 'rate', 'amount', 'time'],
  transactions: [
    [2026090301000003, 131, 58, 34, 100, 520.5, 52050, ''],
    [2026090301000002, 131, 42, 58, 500, 521, 260500, ''],
    [2026090301000001, 2755, 58, 42, 2000, 380.575, 761150, ''],
  ],
};
export const FLOOR_MANIFEST = {
  version: 2,
  latestDate: '2026-09-03',
  availableDates: ['2026-09-02', '2026-09-03'],
  retention: 'no-limit',
  columns: FLOOR_DAY.columns,
};
export const FLOOR_STOCKS = { '131': { symbol: 'NABIL', name: 'Nabil Bank Limited' }, '2755': { symbol: 'GBILD84/85', name: 'A debenture' } };
export const FLOOR_BROKERS = { '34': 'Vision Securities Pvt. Ltd', '42': 'Sani Securities Company Ltd.', '58': 'Naasa Securities Co. Ltd.' };
