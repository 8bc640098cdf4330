import { lazy, Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { lazyWithPreload } from './lazy-preload';

function Screen({ name }: { name: string }) {
  return <p>{name}</p>;
}

const page = (Component: React.ComponentType<{ name: string }>) =>
  renderToString(
    <Suspense fallback={<p>loading</p>}>
      <Component name="红楼梦" />
    </Suspense>,
  );

describe('a lazy screen whose code is in', () => {
  it('renders at once, without the fallback, once preloaded (plain lazy shows the fallback first)', async () => {
    const loaded = Promise.resolve({ default: Screen });
    await loaded;
    expect(page(lazy(() => loaded))).toContain('loading');

    const screen = lazyWithPreload(() => loaded);
    await screen.preload();
    expect(page(screen.Component)).toContain('红楼梦');
    expect(page(screen.Component)).not.toContain('loading');
  });

  it('suspends like plain lazy when not loaded yet', () => {
    const screen = lazyWithPreload(() => Promise.resolve({ default: Screen }));
    expect(page(screen.Component)).toContain('loading');
  });

  it('loads once, and again after a failure', async () => {
    let calls = 0;
    const screen = lazyWithPreload(() => {
      calls += 1;
      return calls === 1 ? Promise.reject(new Error('offline')) : Promise.resolve({ default: Screen });
    });
    await expect(screen.preload()).rejects.toThrow('offline');
    await screen.preload();
    await screen.preload();
    expect(calls).toBe(2);
  });
});
