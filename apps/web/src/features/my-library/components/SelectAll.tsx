import { useId } from 'react';

/** The "select all" box of a list's batch actions: on when every id is chosen; toggles all or none. */
export function SelectAll({
  ids,
  selected,
  setAll,
  label,
}: {
  ids: readonly number[];
  selected: ReadonlySet<number>;
  setAll: (ids: readonly number[]) => void;
  label: string;
}) {
  const id = useId();
  const all = ids.length > 0 && ids.every((i) => selected.has(i));
  return (
    <label htmlFor={id} className="of-loans-check">
      <input id={id} type="checkbox" checked={all} onChange={() => setAll(all ? [] : ids)} />
      {label}
    </label>
  );
}
