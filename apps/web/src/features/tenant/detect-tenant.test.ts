import { describe, expect, it } from 'vitest';
import { detectTenant, isLoneSegment, withBasename } from './detect-tenant';

const detect = (path: string) => detectTenant(path);

describe('tenant from path', () => {
  it('treats the root and the app routes as the default tenant', () => {
    for (const path of [
      '/',
      '',
      '/Home',
      '/home',
      '/HOME',
      '/searchList',
      '/login',
      '/searchList/bookDetails/1',
      '/personalExternal/5',
    ]) {
      expect(detect(path)).toEqual({ mappingPath: '', basename: '/' });
    }
  });

  it('reads any other first segment as a tenant mapping path', () => {
    expect(detect('/beiling/Home')).toEqual({ mappingPath: 'beiling', basename: '/beiling' });
    expect(detect('/beiling')).toEqual({ mappingPath: 'beiling', basename: '/beiling' });
    expect(detect('/xihu/searchList/bookDetails/12')).toEqual({ mappingPath: 'xihu', basename: '/xihu' });
    expect(detect('/nosuchtenant/Home')).toEqual({ mappingPath: 'nosuchtenant', basename: '/nosuchtenant' });
  });

  it('never reads server paths or files as tenants', () => {
    expect(detect('/assets/x.js').mappingPath).toBe('');
    expect(detect('/index.html').mappingPath).toBe('');
    expect(detect('/find/x').mappingPath).toBe('');
  });

  it('tells a lone unknown segment from an institution path', () => {
    expect(isLoneSegment('/nowhere')).toBe(true);
    expect(isLoneSegment('/nowhere/')).toBe(true);
    expect(isLoneSegment('/nowhere/Home')).toBe(false);
  });

  it('joins the basename and an app path', () => {
    expect(withBasename('/', '/Home')).toBe('/Home');
    expect(withBasename('/beiling', '/Home')).toBe('/beiling/Home');
    expect(withBasename('/beiling', 'Home')).toBe('/beiling/Home');
  });
});
