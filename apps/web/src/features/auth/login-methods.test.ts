import { describe, expect, it } from 'vitest';
import {
  enabledLoginMethods,
  explanationLines,
  explanationOf,
  loginEntry,
  methodUrl,
  recordIdOfPath,
} from './login-methods';

const base = {
  normalLogin: '1',
  unifieAuthen: '0',
  passportLogin: '0',
  exterSinAuthen: '0',
  passportLoginUrl: 'https://passport.example/login',
  exterSinAuthenUrl: 'https://sso.example/',
} as const;

describe('login methods', () => {
  it('shows the form when only account and password is on (or nothing is)', () => {
    expect(loginEntry(base)).toEqual({ kind: 'form' });
    expect(loginEntry({ ...base, normalLogin: '0' })).toEqual({ kind: 'form' });
  });

  it('goes straight to the one outside method when it is the only one', () => {
    expect(loginEntry({ ...base, normalLogin: '0', unifieAuthen: '1' })).toEqual({
      kind: 'redirect',
      method: 'unified',
    });
    expect(loginEntry({ ...base, normalLogin: '0', passportLogin: '1' })).toEqual({
      kind: 'redirect',
      method: 'passport',
    });
    expect(loginEntry({ ...base, normalLogin: '0', exterSinAuthen: '1' })).toEqual({
      kind: 'redirect',
      method: 'external',
    });
  });

  it('offers a choice when several are on, unified authentication first', () => {
    expect(loginEntry({ ...base, unifieAuthen: '1', passportLogin: '1' })).toEqual({
      kind: 'choose',
      methods: ['unified', 'normal', 'passport'],
    });
  });

  it('leaves out an outside method without an address', () => {
    expect(enabledLoginMethods({ ...base, passportLogin: '1', passportLoginUrl: '' })).toEqual(['normal']);
  });

  it('builds the addresses, the CAS one with the record to return to', () => {
    expect(methodUrl('unified', base, 'beiling', '42')).toBe('/oga/cas/login?mappingPath=beiling&recordId=42');
    expect(methodUrl('unified', base, '')).toBe('/oga/cas/login?mappingPath=');
    expect(methodUrl('passport', base, '')).toBe('https://passport.example/login');
    expect(recordIdOfPath('/searchList/bookDetails/42')).toBe('42');
    expect(recordIdOfPath('/searchList/bookDetails/42/1')).toBe('42');
    expect(recordIdOfPath('/searchList')).toBeUndefined();
  });

  it('picks the explanation of the method and splits it into lines', () => {
    const explain = {
      loginExplain: 'general',
      pcLspLoginExplain: 'a<br>b<br/> <BR />c',
      pcXxtLoginExplain: '',
      pcSsoLoginExplain: 'sso',
    };
    expect(explanationOf('normal', explain)).toBe('a<br>b<br/> <BR />c');
    expect(explanationOf('passport', explain)).toBe('general');
    expect(explanationOf('unified', explain)).toBe('sso');
    expect(explanationLines('a<br>b<br/> <BR />c')).toEqual(['a', 'b', 'c']);
    expect(explanationLines('')).toEqual([]);
  });
});
