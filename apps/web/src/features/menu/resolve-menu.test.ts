import { describe, expect, it } from 'vitest';
import type { MenuItem } from '@openfind/contract';
import { menuItemName, menuTarget, resolveNavItems, selectedNavKeys } from './resolve-menu';
import type { ResolveOptions } from './resolve-menu';

const item = (over: Partial<MenuItem>): MenuItem => ({
  menuId: 1,
  menuName: '首页',
  englishName: 'Home',
  complexFont: '首頁',
  menuUrl: '/Home',
  useFlag: '1',
  jumpMode: '1',
  child: [],
  ...over,
});
const options: ResolveOptions = {
  lang: 'zh-CN',
  basename: '/beiling',
  digitalLibrary: false,
  newWindowPaths: ['/drivePurchas'],
};

describe('menu resolution', () => {
  it('uses the default tree when menuA is empty or missing', () => {
    const items = resolveNavItems([], options);
    expect(items.map((i) => i.labelKey)).toEqual([
      'default.resourceSearch',
      'default.browse',
      'default.recommendation',
      'default.resourceNavigation',
      'default.subjectService',
      'default.eBooks',
    ]);
    expect(items[1]?.children.map((c) => c.labelKey)).toEqual([
      'default.category',
      'default.newBooks',
      'default.bookDonation',
    ]);
    expect(resolveNavItems(undefined, options)).toHaveLength(6);
  });

  it('adds /digitalLibrary to the default tree when configured', () => {
    const items = resolveNavItems([], { ...options, digitalLibrary: true });
    expect(items.at(-1)).toMatchObject({
      labelKey: 'default.digitalLibrary',
      target: { kind: 'route', path: '/digitalLibrary' },
    });
  });

  it('uses the server menu when it has entries, keeping only useFlag 1', () => {
    const items = resolveNavItems(
      [
        item({ menuId: 1 }),
        item({ menuId: 2, useFlag: '2' }),
        item({ menuId: 3, child: [item({ menuId: 4 }), item({ menuId: 5, useFlag: '0' })] }),
      ],
      options,
    );
    expect(items.map((i) => i.key)).toEqual(['m1', 'm3']);
    expect(items[1]?.children.map((i) => i.key)).toEqual(['m4']);
  });

  it('falls back to the default tree when no server entry is visible', () => {
    expect(resolveNavItems([item({ useFlag: '2' })], options)[0]?.labelKey).toBe('default.resourceSearch');
  });

  it('names entries in the current language, falling back to menuName', () => {
    const entry = item({ menuName: '新书', complexFont: '新書', englishName: 'New books' });
    expect(menuItemName(entry, 'zh-CN')).toBe('新书');
    expect(menuItemName(entry, 'zh-TW')).toBe('新書');
    expect(menuItemName(entry, 'en-US')).toBe('New books');
    expect(menuItemName({ ...entry, englishName: '', complexFont: ' ' }, 'en-US')).toBe('新书');
    expect(menuItemName({ ...entry, englishName: '', complexFont: ' ' }, 'zh-TW')).toBe('新书');
  });

  it('routes jumpMode 1 in the app and opens jumpMode 2 and external URLs in a new window', () => {
    expect(menuTarget('/newBookInform', '1', options)).toEqual({ kind: 'route', path: '/newBookInform' });
    expect(menuTarget('newBookInform', '1', options)).toEqual({ kind: 'route', path: '/newBookInform' });
    expect(menuTarget('/newBookInform', '2', options)).toEqual({ kind: 'window', href: '/beiling/newBookInform' });
    expect(menuTarget('/newBookInform', '2', { ...options, basename: '/' })).toEqual({
      kind: 'window',
      href: '/newBookInform',
    });
    expect(menuTarget('https://example.org/x', '1', options)).toEqual({
      kind: 'window',
      href: 'https://example.org/x',
    });
    expect(menuTarget('/drivePurchas', '1', options)).toEqual({ kind: 'window', href: '/beiling/drivePurchas' });
  });

  it('never follows script URLs and treats an empty url as a heading', () => {
    expect(menuTarget('javascript:alert(1)', '1', options)).toEqual({ kind: 'none' });
    expect(menuTarget('  ', '1', options)).toEqual({ kind: 'none' });
  });

  it('marks the entry of the current path and its parent', () => {
    const items = resolveNavItems([], options);
    expect(selectedNavKeys(items, '/newBookInform')).toEqual(['d-browse', 'd-newBooks']);
    expect(selectedNavKeys(items, '/home')).toEqual(['d-resourceSearch']);
    expect(selectedNavKeys(items, '/nowhere')).toEqual([]);
  });
});
