import { describe, expect, it } from 'vitest';
import { localDateTime, signedPoints } from './points-format';

describe('points as shown', () => {
  it('a change with its sign (a minus sign for a loss)', () => {
    expect([signedPoints(2), signedPoints(-5), signedPoints(0)]).toEqual(['+2', '\u22125', '0']);
  });

  it('a moment in the local time zone', () => {
    const iso = new Date(2026, 4, 3, 9, 7).toISOString();
    expect(localDateTime(iso)).toBe('2026-05-03 09:07');
    expect(localDateTime('not a date')).toBe('');
  });
});
