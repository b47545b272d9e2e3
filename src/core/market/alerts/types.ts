// The reader's market alerts: what is stored (src/databases/market/db.ts stores "alerts" and
// "fired") and what the decision (decide.ts) hands the service worker to show.

export type Direction = 'above' | 'below';

/** A price level the reader set for one symbol. */
export interface PriceAlert {
  /** `symbol:direction:level`: one alert per level and direction */
  id: string;
  symbol: string;
  direction: Direction;
  level: number;
  /** the last price the alert was checked against (at first: the price when it was set); null: none known */
  lastPrice: number | null;
  /** when it was set (ms) */
  at: number;
}

/** The alerts that need no level: book closes of held or watched companies, and IPO windows. */
export interface AlertOptions {
  bookClose: boolean;
  /** a book close this many days ahead, or fewer, is told */
  bookCloseDays: number;
  ipo: boolean;
  /** the interface language the notifications are written in (the page keeps it current) */
  lang: 'ne' | 'en';
}

export const DEFAULT_ALERT_OPTIONS: AlertOptions = { bookClose: false, bookCloseDays: 3, ipo: false, lang: 'ne' };

export type AlertEvent =
  | { id: string; kind: 'price'; symbol: string; direction: Direction; level: number; price: number }
  | { id: string; kind: 'bookclose'; symbol: string; date: string; days: number }
  | { id: string; kind: 'ipo-open' | 'ipo-close'; company: string; date: string };

/** One fired event, kept so it never fires again (keyed by the event id). */
export interface FiredEvent {
  id: string;
  at: number;
}

/** The id of a price alert. */
export const alertId = (symbol: string, direction: Direction, level: number): string => `${symbol}:${direction}:${level}`;
