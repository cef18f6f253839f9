// The brand colour as the web app's CSS variables use it (oklch, index.css), and a readable text colour on it.

const channel = (hex: string, i: number) => Number.parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16) / 255;
const linear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);

/** "#rrggbb" → "oklch(L C H)" (Björn Ottosson's OKLab, from linear sRGB). */
export function hexToOklch(hex: string): string {
  const [r, g, b] = [0, 1, 2].map((i) => linear(channel(hex, i)));
  const l = Math.cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b);
  const m = Math.cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b);
  const s = Math.cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b);
  const L = 0.2104542553 * l + 0.793617785 * m - 0.0040720468 * s;
  const A = 1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s;
  const B = 0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s;
  const C = Math.sqrt(A * A + B * B);
  const H = C < 1e-4 ? 0 : ((Math.atan2(B, A) * 180) / Math.PI + 360) % 360;
  return `oklch(${L.toFixed(3)} ${C.toFixed(3)} ${H.toFixed(1)})`;
}

/** WCAG relative luminance of "#rrggbb". */
export function luminance(hex: string): number {
  const [r, g, b] = [0, 1, 2].map((i) => linear(channel(hex, i)));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export const contrast = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

const LIGHT = { css: 'oklch(0.99 0 0)', hex: '#fcfcfc' };
const DARK = { css: 'oklch(0.21 0.03 270)', hex: '#1a1d2e' };

/** The text colour (white or the app's near-black) with the higher contrast on the brand colour. */
export function readableForeground(hex: string): { css: string; hex: string } {
  const bg = luminance(hex);
  return contrast(bg, luminance(LIGHT.hex)) >= contrast(bg, luminance(DARK.hex)) ? LIGHT : DARK;
}
