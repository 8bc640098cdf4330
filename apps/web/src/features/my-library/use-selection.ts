import { useCallback, useState } from 'react';

/** Rows chosen for a batch action (renew selected, pay selected): ids in, out, all or none. */
export function useSelection() {
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const toggle = useCallback(
    (id: number, on: boolean) =>
      setSelected((prev) => {
        const next = new Set(prev);
        if (on) next.add(id);
        else next.delete(id);
        return next;
      }),
    [],
  );
  const setAll = useCallback((ids: readonly number[]) => setSelected(new Set(ids)), []);
  return { selected, toggle, setAll };
}
