import { describe, expect, it } from 'vitest';
import { isLang, parseLang } from './lang-storage';

describe('language parsing', () => {
  it('accepts the spellings seen in the wild', () => {
    expect(parseLang('zh-CN')).toBe('zh-CN');
    expect(parseLang('zh_TW')).toBe('zh-TW');
    expect(parseLang('zh-HK')).toBe('zh-TW');
    expect(parseLang('en')).toBe('en-US');
    expect(parseLang('en_US')).toBe('en-US');
    expect(parseLang('fr')).toBeNull();
    expect(parseLang(null)).toBeNull();
  });

  it('recognises the three languages only', () => {
    expect(isLang('zh-CN')).toBe(true);
    expect(isLang('zh-tw')).toBe(false);
  });
});
