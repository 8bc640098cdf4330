import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The list's filters and page live in the URL (reload, back and a shared link keep them). `set`
 * changes some values and, unless it sets `page` itself, goes back to page 1.
 */
export function useListParams<K extends string>(defaults: Record<K, string>) {
  const [params, setParams] = useSearchParams();
  const values = Object.fromEntries(
    Object.entries(defaults).map(([key, fallback]) => [key, params.get(key) ?? (fallback as string)]),
  ) as Record<K, string>;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const set = useCallback(
    (patch: Partial<Record<K | 'page', string>>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(patch) as Array<[string, string | undefined]>) {
            if (value === undefined || value === '' || value === defaults[key as K]) next.delete(key);
            else next.set(key, value);
          }
          if (!('page' in patch) || patch.page === '1') next.delete('page');
          return next;
        },
        { replace: false },
      ),
    [setParams, defaults],
  );
  return { values, page, set };
}
