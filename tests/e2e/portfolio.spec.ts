// The investor's desk in a real Chromium at phone size: a buy then a bonus change both WACC
// figures as worked out by hand; a CSV goes in and comes out unchanged; the portfolio survives a
// reload; IPO cards show a status from their parsed BS window on a clock the test sets.

import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bsDate } from '../../src/core/bs-date.ts';
import { seriesOf } from '../../src/app/market/chart.ts';
import { readFileValue } from '../../src/core/market/adapters/index.ts';
import { actionsOf, adjustForActions } from '../../src/core/market/adjust.ts';
import { bsFirstDate, bsFirstRange } from '../../src/core/market/dates.ts';
import type { LtpMonth } from '../../src/core/market/index.ts';
import { formatNumber, toDevanagariDigits } from '../../src/core/market/format.ts';
import { ipoStatus, parseIpoWindow } from '../../src/core/market/ipo-window.ts';
import { MARKET_STRINGS } from '../../src/app/market/strings.ts';
import { serveSwitchable, type Switchable } from '../../harness/http.ts';
import { openApp } from './helpers.ts';
import { ALL_DIST } from '../../harness/variant.ts';

let app: Switchable;
// The shared build with all three sections' sample data (tests/e2e/global-setup.ts).
const dist = ALL_DIST;
test.beforeAll(async () => {
  app = await serveSwitchable(dist);
});
test.afterAll(() => app.close());
test.use({ viewport: { width: 360, height: 640 } });

const rs = (n: number) => formatNumber(n, 'ne', { decimals: 2 });

test('a buy, then a bonus: both WACC figures as worked out by hand, kept after a reload, on the stock page and in the watchlist', async ({ page }) => {
  // A symbol the sample market lists, so its stock page exists.
  await openApp(page, app.url, '#/market/prices');
  const symbol = (await page.locator('table.prices tbody th a').first().textContent())!.trim();
  await page.goto(`${app.url}/#/market/portfolio`);
  await expect(page.locator('#portfolio-empty')).toBeVisible();
  const add = async (kind: string, date: string, quantity: string, price?: string) => {
    await page.locator('#tx-kind').selectOption(kind);
    await page.locator('#tx-date').fill(date);
    await page.locator('#tx-symbol').fill(symbol.toLowerCase());
    await page.locator('#tx-quantity').fill(quantity);
    if (price) await page.locator('#tx-price').fill(price);
    await page.locator('#tx-add').click();
  };
  // 100 × 500 = 50,000; commission 0.36 % = 180, SEBON 0.015 % = 7.50, DP 25: cost 50,212.50, WACC 502.125.
  await add('buy', '2025-01-10', '100', '500');
  const card = page.locator(`.holding[data-symbol="${symbol}"]`);
  await expect(card.locator('.wacc')).toHaveText(rs(502.125));
  await expect(card.locator('.wacc-depository')).toHaveText(rs(502.125));
  // 10 bonus shares: 110 shares; 50,212.50 / 110 = 456.48; the depository's (50,212.50 + 1,000) / 110 = 465.57.
  await add('bonus', '2025-03-01', '10');
  await expect(card.locator('.wacc')).toHaveText(rs(50_212.5 / 110));
  await expect(card.locator('.wacc-depository')).toHaveText(rs(51_212.5 / 110));
  await page.reload();
  await expect(card.locator('.wacc')).toHaveText(rs(50_212.5 / 110));
  // The stock page shows the holding, and the watchlist lists it without a star.
  await page.goto(`${app.url}/#/market/symbol/${symbol}`);
  await expect(page.locator('#your-holding .quantity')).toHaveText('११०');
  await expect(page.locator('#your-holding .wacc-depository')).toHaveText(rs(51_212.5 / 110));
  await page.goto(`${app.url}/#/market/watchlist`);
  await expect(page.locator('.market-watchlist table.prices tbody')).toContainText(symbol);
  await page.goto(`${app.url}/#/market/portfolio`);
  // Selling more than is held is refused, and nothing is stored.
  await add('sell', '2025-04-01', '500', '600');
  await expect(page.locator('#portfolio-message')).toContainText('५०० कित्ता बेचिएको छ, तर ११० मात्र छ');
  await expect(page.locator('.tx-list summary')).toContainText('(२)');
  // The transactions' dates in Bikram Sambat first, AD beside (10 Jan 2025 is 26 Poush 2081).
  await page.locator('.tx-list summary').click();
  await expect(page.locator('.tx-list')).toContainText(`${bsDate('2025-01-10', 'ne')!} (२०२५-०१-१०)`);
});

test('a symbol the market does not list is refused, with a word saying so; the form offers the listed ones', async ({ page }) => {
  // The securities and today's prices (core/market/endpoints.ts), as the page asks for them.
  const LISTS = ['/data/other/securities.json', '/data/nepse_data.json'];
  const asked: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (!r.serviceWorker() && LISTS.includes(path)) asked.push(path);
  });
  await openApp(page, app.url, '#/market/portfolio');
  await expect(page.locator('#portfolio-empty')).toBeVisible();
  await expect(page.locator('#tx-form')).toBeVisible();
  // An empty portfolio's first view reads neither list (400 KB at real size, and a thousand
  // suggestions drawn: its long tasks, issue 38): they are read once the reader is in the form.
  expect(asked).toEqual([]);
  expect(await page.locator('#tx-symbols option').count()).toBe(0);
  await page.locator('#tx-kind').selectOption('buy');
  await page.locator('#tx-date').fill('2025-01-10');
  await page.locator('#tx-symbol').fill('zzzz');
  await page.locator('#tx-quantity').fill('10');
  await page.locator('#tx-price').fill('100');
  await page.locator('#tx-add').click();
  await expect(page.locator('#portfolio-message')).toHaveText(MARKET_STRINGS.ne.notListed('ZZZZ'));
  await expect(page.locator('#portfolio-empty')).toBeVisible();
  await expect(page.locator('.holding')).toHaveCount(0);
  // The field suggests the symbols the market lists.
  const listed = await page.locator('#tx-symbol').evaluate((i: HTMLInputElement) => [...(i.list?.options ?? [])].map((o) => o.value));
  expect(listed.length).toBeGreaterThan(10);
  expect(listed).not.toContain('ZZZZ');
});

test('a CSV imported and exported again comes back unchanged', async ({ page }) => {
  const csv = [
    'date,symbol,kind,quantity,price,ratio,into,amount,charges,note',
    '2024-01-15,NICA,buy,50,1000,,,,,',
    '2024-06-01,NICA,buy,50,1200,,,,,"second lot, after the cut"',
    '2025-02-01,NICA,sell,70,1300,,,,,',
    '2025-03-01,UPPER,ipo,10,100,,,,,',
    '2025-04-01,UPPER,dividend,0,,,,95.25,,',
    '',
  ].join('\r\n');
  await openApp(page, app.url, '#/market/portfolio');
  await page.locator('#import-csv').setInputFiles({ name: 'mine.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.locator('#portfolio-message')).toHaveText('५ कारोबार थपियो');
  // Worked by hand in tests/market/desk/portfolio.test.ts: realised 12,573.85 on NICA, 30 shares left.
  await expect(page.locator('.holding[data-symbol="NICA"] .wacc')).toHaveText(rs(1104.645));
  const [download] = await Promise.all([page.waitForEvent('download'), page.locator('#export-csv').click()]);
  expect(readFileSync((await download.path())!, 'utf8')).toBe(csv);
});

test('IPO cards say open, upcoming or closed from their parsed BS window', async ({ page }) => {
  await openApp(page, app.url, '#/market/ipo');
  const rows = JSON.parse(readFileSync(join(dist, 'data/ipo/upcoming.json'), 'utf8')) as Array<{ date_range?: string }>;
  const windows = rows.map((r) => parseIpoWindow(r.date_range)).filter((w) => w !== undefined);
  expect(windows.length).toBeGreaterThan(0);
  // A day inside the first window: that issue is open on the page's clock.
  const day = windows[0]!.opens;
  await page.clock.setFixedTime(new Date(`${day}T06:00:00Z`));
  await page.reload();
  const states = page.locator('#ipo-upcoming .ipo-status');
  await expect(states).toHaveCount(windows.length);
  expect(await states.evaluateAll((els) => els.map((e) => e.getAttribute('data-state')))).toEqual(windows.map((w) => ipoStatus(w, day).state));
  await expect(states.first()).toHaveAttribute('data-state', 'open');
  // With its days left (today counted), in Devanagari digits, and its window BS first.
  const left = ipoStatus(windows[0]!, day) as { daysLeft: number };
  await expect(states.first()).toHaveText(`खुला: ${toDevanagariDigits(String(left.daysLeft))} दिन बाँकी`);
  await expect(page.locator('#ipo-upcoming .ipo-days').first()).toHaveText(bsFirstRange(windows[0]!.opens, windows[0]!.closes, 'ne'));
});

test('at 360 px a stock page keeps each dividend on one line, and IPO share counts carry no ".00"', async ({ page }) => {
  await openApp(page, app.url, '#/market/dividends');
  const first = page.locator('table.dividends tbody th a').first();
  const symbol = (await first.textContent())!;
  await page.goto(`${app.url}/#/market/symbol/${symbol}`);
  const cells = page.locator('table.dividends tbody td');
  // The dividends load when the reader scrolls near them (ui/near-view.ts).
  await expect
    .poll(async () => {
      await page.evaluate(() => document.querySelector('.near-mark')?.scrollIntoView());
      return cells.count();
    })
    .toBeGreaterThan(0);
  await expect(cells.first()).toBeVisible();
  // Each cell's height in lines of its own text ("normal" line height is about 1.5 em with our font).
  const tallest = await cells.evaluateAll((els) =>
    Math.max(
      ...els.map((e) => {
        const cs = getComputedStyle(e);
        const line = Number.parseFloat(cs.lineHeight) || Number.parseFloat(cs.fontSize) * 1.5;
        return (e.getBoundingClientRect().height - Number.parseFloat(cs.paddingTop) - Number.parseFloat(cs.paddingBottom)) / line;
      }),
    ),
  );
  expect(tallest).toBeLessThan(2);
  await page.goto(`${app.url}/#/market/ipo`);
  const units = page.locator('#ipo-upcoming .metrics dd').first();
  await expect(units).toBeVisible();
  await expect(units).not.toContainText('.००');
});

test('a stock page charts earlier prices adjusted for a bonus in its range, and says so on the chart', async ({ page }) => {
  // BAUL: a 12 % bonus with its book close on 2026-11-13 in the sample data, inside the months the sample's prices cover.
  const data = (rel: string) => JSON.parse(readFileSync(join(dist, 'data', rel), 'utf8')) as unknown;
  const bonus = actionsOf(readFileValue('dividendHistory', data('dividend/history.json'), 'dividend/history.json').value!.history ?? [], 'BAUL');
  expect(bonus).toContainEqual({ kind: 'bonus', exDate: '2026-11-13', percent: 12 });
  const manifest = data('ltp/manifest.json') as { availableMonths: string[] };
  const months = manifest.availableMonths.map((m) => readFileValue('ltpMonth', data(`ltp/monthly/${m}.json`), m).value as LtpMonth);
  const traded = seriesOf(months, 'BAUL');
  const adjusted = adjustForActions(traded, bonus).points;
  // Worked by hand: the first price, before the book close, divided by 1.12.
  expect(adjusted[0]!.ltp).toBeCloseTo(traded[0]!.ltp / 1.12, 9);
  await openApp(page, app.url, '#/market/symbol/BAUL?range=all');
  const chart = page.locator('#price-chart');
  await expect(chart).toHaveAttribute('data-points', String(traded.length));
  expect(Number(await chart.getAttribute('data-first-price'))).toBeCloseTo(traded[0]!.ltp / 1.12, 6);
  await expect(page.locator('#chart-adjusted')).toContainText(`१२% बोनस (${bsFirstDate('2026-11-13', 'ne')})`);
  await expect(page.locator('#chart-adjusted')).toBeVisible();
});
