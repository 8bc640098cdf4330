import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionKey, clearSession } from '../../lib/session';
import { fakeWindow } from './testing/fake-browser';

const userInfo = { userId: '7', name: '李明', loginType: 1, opacPicUrl: '' };
let win: ReturnType<typeof fakeWindow>;

async function load() {
  vi.resetModules();
  return import('./session-store');
}

beforeEach(() => {
  win = fakeWindow();
  vi.stubGlobal('window', win);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('session store', () => {
  it('keeps a login answer in session storage and tells subscribers', async () => {
    const store = await load();
    const seen: boolean[] = [];
    const stop = store.subscribeSession(() => seen.push(store.getSession().isLoggedIn));
    expect(store.getSession()).toEqual({ isLoggedIn: false, userInfo: null, loginType: null });
    store.applyLoginResult({ jwt: 't1', jwtHeader: 'jwtOpacAuth', loginType: 4 });
    expect(win.sessionStorage.getItem(SessionKey.jwt)).toBe('t1');
    expect(win.sessionStorage.getItem(SessionKey.jwtHeader)).toBe('jwtOpacAuth');
    expect(store.getSession()).toMatchObject({ isLoggedIn: true, loginType: 4, userInfo: null });
    store.setUserInfo(userInfo as never);
    expect(store.getSession().userInfo?.name).toBe('李明');
    expect(store.getSession()).toBe(store.getSession());
    expect(seen).toEqual([true, true]);
    stop();
  });

  it('notices a session cleared elsewhere (the 401 handler)', async () => {
    const store = await load();
    store.applyLoginResult({ jwt: 't1', jwtHeader: 'h' });
    let calls = 0;
    const stop = store.subscribeSession(() => calls++);
    clearSession();
    expect(calls).toBe(1);
    expect(store.getSession().isLoggedIn).toBe(false);
    stop();
  });

  it('logs out at the server and goes on to the unified-auth logout with a return address', async () => {
    const sent: Array<{ token: unknown; loggedIn: boolean }> = [];
    vi.doMock('./auth-api', () => ({
      postLogout: (token: unknown) => {
        sent.push({ token, loggedIn: Boolean(win.sessionStorage.getItem(SessionKey.jwt)) });
        return Promise.resolve({ logoutUrl: 'https://cas.example/logout' });
      },
    }));
    const store = await load();
    store.applyLoginResult({ jwt: 't1', jwtHeader: 'h', loginType: 4 });
    await expect(store.logout('http://localhost/Home')).resolves.toBe(true);
    // The session is forgotten here before the server revokes it, and the revocation names its token.
    expect(sent).toEqual([{ token: { header: 'h', value: 't1' }, loggedIn: false }]);
    expect(store.getSession().isLoggedIn).toBe(false);
    expect(win.assigned).toEqual(['https://cas.example/logout?service=http%3A%2F%2Flocalhost%2FHome']);
    vi.doUnmock('./auth-api');
  });

  it('logs out here even when the server cannot be reached', async () => {
    vi.doMock('./auth-api', () => ({ postLogout: () => Promise.reject(new Error('offline')) }));
    const store = await load();
    store.applyLoginResult({ jwt: 't1', jwtHeader: 'h' });
    await expect(store.logout()).resolves.toBe(false);
    expect(store.getSession().isLoggedIn).toBe(false);
    expect(win.assigned).toEqual([]);
    vi.doUnmock('./auth-api');
  });

  it('keeps a CAS logout address that already names its service', async () => {
    const { withReturnService } = await load();
    expect(withReturnService('https://cas/logout?service=x', 'y')).toBe('https://cas/logout?service=x');
    expect(withReturnService('https://cas/logout?a=1', 'http://h/')).toBe(
      'https://cas/logout?a=1&service=http%3A%2F%2Fh%2F',
    );
  });

  it('comes back from a unified-auth logout to the page, or home from a personal page', async () => {
    const { logoutReturnUrl } = await load();
    expect(logoutReturnUrl('http://h/sso/searchList?q=1')).toBe('http://h/sso/searchList?q=1');
    expect(logoutReturnUrl('http://h/sso/personalCenter')).toBe('http://h/sso/Home');
    expect(logoutReturnUrl('http://h/personalCenter/freeOrder?x=1#a')).toBe('http://h/Home');
    expect(logoutReturnUrl('http://h/beiling/personalExternal/4')).toBe('http://h/beiling/Home');
    expect(logoutReturnUrl('http://h/customTabs')).toBe('http://h/Home');
  });

  it('returns to the saved path, home by default and instead of the reset-password screen', async () => {
    const store = await load();
    expect(store.readNextPath()).toBe('/home');
    store.saveNextPath('/searchList?q=1');
    expect(store.readNextPath()).toBe('/searchList?q=1');
    store.saveNextPath('/resetPassword');
    expect(store.readNextPath()).toBe('/Home');
    store.saveNextPath('//evil.example/');
    expect(store.readNextPath()).toBe('/home');
  });

  it('keeps the password of a pending change in memory only', async () => {
    const store = await load();
    store.storePendingPasswordChange({ username: 'expired', password: 'Reader2026', message: 'm', isTooOld: true });
    expect(win.sessionStorage.getItem('pendingPasswordChange')).not.toContain('Reader2026');
    expect(store.readPendingPasswordChange()).toEqual({
      username: 'expired',
      password: 'Reader2026',
      message: 'm',
      isTooOld: true,
    });
    const reloaded = await load();
    expect(reloaded.readPendingPasswordChange()?.password).toBe('');
    store.clearPendingPasswordChange();
    expect(store.readPendingPasswordChange()).toBeNull();
  });
});
