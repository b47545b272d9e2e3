// Types for the font tools (the packages ship none).

declare module 'subset-font' {
  interface Options {
    targetFormat?: 'sfnt' | 'woff' | 'woff2' | 'truetype';
    /** an axis pinned to a value, or cut to a range */
    variationAxes?: Record<string, number | { min: number; max: number; default?: number }>;
  }
  export default function subsetFont(font: Uint8Array, text: string, options?: Options): Promise<Buffer>;
}

declare module 'fontverter' {
  export function convert(font: Uint8Array, to: 'truetype' | 'woff' | 'woff2' | 'sfnt'): Promise<Buffer>;
  export function detectFormat(font: Uint8Array): string;
}
