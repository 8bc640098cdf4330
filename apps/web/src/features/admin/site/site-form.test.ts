import { describe, expect, it } from 'vitest';
import { SITE_SECTIONS } from '@openfind/contract';
import type { MenuItem } from '@openfind/contract';
import {
  FIELDS,
  blankMenuItem,
  expandHex,
  fieldProblem,
  menuIsValid,
  menuItemProblems,
  moveItem,
  nameProblem,
  toAdminMenu,
} from './site-form';

describe('the site form', () => {
  it('has a field for every key of every section', () => {
    for (const keys of Object.values(SITE_SECTIONS)) for (const k of keys) expect(FIELDS[k], k).toBeDefined();
  });

  it('checks each kind of value as the server does', () => {
    expect(fieldProblem(FIELDS.navBackColor, '1a5c3f')).toBeNull();
    expect(fieldProblem(FIELDS.navBackColor, '#FFF')).toBeNull();
    expect(fieldProblem(FIELDS.navBackColor, 'red')).toBe('colour');
    expect(fieldProblem(FIELDS.pcLogoUrl, '/find/site/asset?mappingPath=&name=ab.png')).toBeNull();
    expect(fieldProblem(FIELDS.pcLogoUrl, 'javascript:alert(1)')).toBe('portalUrl');
    expect(fieldProblem(FIELDS.logoLinkUrl, '//evil.example')).toBe('portalUrl');
    expect(fieldProblem(FIELDS.casServerUrl, '/cas')).toBe('webUrl');
    expect(fieldProblem(FIELDS.casServerUrl, 'https://cas.example.edu/cas')).toBeNull();
    expect(fieldProblem(FIELDS.casServerUrl, '')).toBeNull();
    expect(fieldProblem(FIELDS.primaryIdProtectTime, '0')).toBe('range');
    expect(fieldProblem(FIELDS.primaryIdProtectTime, '30')).toBeNull();
    expect(fieldProblem(FIELDS.passwordMaxAgeDays, '3651')).toBe('range');
    expect(fieldProblem(FIELDS.directorMailbox, 'director at lib')).toBe('mail');
    expect(fieldProblem(FIELDS.consultationPhone, '010-6275 1234')).toBeNull();
    expect(fieldProblem(FIELDS.consultationPhone, 'call us')).toBe('phone');
    expect(fieldProblem(FIELDS.myLibraryLeftMenuShowSort, '0,1,2')).toBeNull();
    expect(fieldProblem(FIELDS.myLibraryLeftMenuShowSort, '0,x')).toBe('menuKeys');
    expect(fieldProblem(FIELDS.specialFont, 'x'.repeat(201))).toBe('tooLong');
    expect(fieldProblem(FIELDS.loginFlag, '2')).toBe('choice');
    expect(fieldProblem(FIELDS.casVersion, '3')).toBeNull();
    expect(nameProblem(' ', true)).toBe('required');
    expect(nameProblem('', false)).toBeNull();
  });

  it('expands colours for the colour picker', () => {
    expect(expandHex('#1A5C3F')).toBe('1a5c3f');
    expect(expandHex('fa0')).toBe('ffaa00');
    expect(expandHex('nope')).toBeNull();
  });

  it('moves an entry up and down, clamped to the list, without changing the list it was given', () => {
    const list = ['a', 'b', 'c'];
    expect(moveItem(list, 2, 1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(list, 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveItem(list, 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveItem(list, 2, 9)).toEqual(['a', 'b', 'c']);
    expect(list).toEqual(['a', 'b', 'c']);
  });

  it('turns the server’s menus into entries to edit, and checks entries', () => {
    const served: MenuItem[] = [
      {
        menuId: 1,
        menuName: '检索',
        englishName: 'Search',
        complexFont: '檢索',
        menuUrl: '',
        useFlag: '1',
        jumpMode: '1',
        child: [
          {
            menuId: 2,
            menuName: '高级',
            englishName: '',
            complexFont: '',
            menuUrl: '/advanceSearch',
            useFlag: '2',
            jumpMode: '2',
            child: [],
          },
        ],
      },
    ];
    const items = toAdminMenu(served);
    expect(items[0]).toEqual({
      menuName: '检索',
      englishName: 'Search',
      complexFont: '檢索',
      menuUrl: '',
      useFlag: '1',
      jumpMode: '1',
      child: [
        {
          menuName: '高级',
          englishName: '',
          complexFont: '',
          menuUrl: '/advanceSearch',
          useFlag: '2',
          jumpMode: '2',
          child: [],
        },
      ],
    });
    expect(menuIsValid(items)).toBe(true);
    expect(menuItemProblems(blankMenuItem())).toEqual({ menuName: 'required' });
    expect(menuItemProblems({ ...blankMenuItem(), menuName: 'x', menuUrl: 'javascript:alert(1)' })).toEqual({
      menuUrl: 'portalUrl',
    });
    expect(menuIsValid([{ ...items[0]!, child: [{ ...blankMenuItem(), menuName: 'y', menuUrl: 'data:x' }] }])).toBe(
      false,
    );
  });
});
