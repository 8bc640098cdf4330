import { describe, expect, it } from 'vitest';
import { contrastRatio, headerColours, normalizeHex } from './colour';

describe('colours', () => {
  it('adds the missing # and expands short forms', () => {
    expect(normalizeHex('25313d')).toBe('#25313d');
    expect(normalizeHex('#FFF')).toBe('#ffffff');
    expect(normalizeHex('fff')).toBe('#ffffff');
    expect(normalizeHex('red')).toBeNull();
    expect(normalizeHex('')).toBeNull();
  });

  it('computes WCAG contrast ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
  });

  it('keeps readable configured colours and the spec defaults', () => {
    expect(headerColours('25313d', 'fff')).toEqual({ background: '#25313d', text: '#ffffff' });
  });

  it('swaps faint header text for black or white', () => {
    expect(headerColours('ffff00', 'ffffff').text).toBe('#000000');
    expect(headerColours('#1b5e20', '#2e7d32').text).toBe('#ffffff');
    expect(headerColours('nonsense', '')).toEqual({ background: '#25313d', text: '#ffffff' });
  });
});
