/** WCAG 2.2 AA minimum contrast for normal text. */
export const MIN_TEXT_CONTRAST = 4.5;

/** Turns a configured colour ('25313d', '#fff') into '#rrggbb'; anything else yields null. */
export function normalizeHex(value: string | null | undefined): string | null {
  const raw = (value ?? '').trim().replace(/^#/, '');
  if (/^[0-9a-f]{3}$/i.test(raw)) {
    return `#${raw
      .split('')
      .map((c) => c + c)
      .join('')
      .toLowerCase()}`;
  }
  if (/^[0-9a-f]{6}$/i.test(raw)) return `#${raw.toLowerCase()}`;
  return null;
}

function channel(hex: string, index: number): number {
  const c = parseInt(hex.slice(1 + index * 2, 3 + index * 2), 16) / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** Relative luminance of a '#rrggbb' colour (WCAG definition). */
export function luminance(hex: string): number {
  return 0.2126 * channel(hex, 0) + 0.7152 * channel(hex, 1) + 0.0722 * channel(hex, 2);
}

/** WCAG contrast ratio between two '#rrggbb' colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The header colours to use: the configured ones, with the text swapped for black or white when too faint. */
export function headerColours(background: string, text: string): { background: string; text: string } {
  const bg = normalizeHex(background) ?? '#25313d';
  const fg = normalizeHex(text) ?? '#ffffff';
  if (contrastRatio(bg, fg) >= MIN_TEXT_CONTRAST) return { background: bg, text: fg };
  const white = contrastRatio(bg, '#ffffff');
  const black = contrastRatio(bg, '#000000');
  return { background: bg, text: white >= black ? '#ffffff' : '#000000' };
}
