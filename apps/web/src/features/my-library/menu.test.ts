import { describe, expect, it } from 'vitest';
import { menuKeys, openedKey } from './menu';

describe('the My Library menu (spec §2)', () => {
  it('follows the configured order, without the hidden entries; unknown and repeated keys are dropped', () => {
    expect(menuKeys('5,4,0,x,5,15', '4')).toEqual(['5', '0']);
    expect(menuKeys('', '2,3').slice(0, 4)).toEqual(['0', '1', '4', '5']);
    expect(menuKeys('0,1', '0,1')).toEqual([]);
  });

  it('opens the entry the URL names if shown, else the first built one', () => {
    const keys = menuKeys('0,1,4,5,7', '');
    expect(openedKey(keys, '4')).toBe('4');
    expect(openedKey(keys, '2')).toBe('0');
    expect(openedKey(keys, null)).toBe('0');
    // Every key is built now (16, my courses, was the last: issue 30): the menu's first opens.
    expect(openedKey(menuKeys('16,5,4', ''), null)).toBe('16');
    expect(openedKey(['16'], null)).toBe('16');
    expect(openedKey([], '5')).toBeUndefined();
  });
});
