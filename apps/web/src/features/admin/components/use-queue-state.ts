import { useState } from 'react';

/** What a bulk decision of a queue answers besides the count: the items someone else changed meanwhile, and those gone. */
export type BulkOutcome = { conflicts: readonly unknown[]; missing: readonly unknown[] };

/** A date and time as the staff member's browser writes it; '' where there is none. */
export const when = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleString() : '');

/**
 * The state of a console queue: the filter being edited (`draft`) and the one searched (`filter`),
 * the page, the items chosen for a bulk action and what the last bulk decision could not do
 * (`outcome`). A search, a reset or another page clears the choice, so that a bulk action never
 * reaches items no longer shown.
 */
export function useQueueState<F, O extends BulkOutcome = BulkOutcome>(start: F) {
  const [draft, setDraft] = useState<F>(start);
  const [filter, setFilter] = useState<F>(start);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<number[]>([]);
  const [outcome, setOutcome] = useState<O | null>(null);
  const apply = (f: F) => {
    setDraft(f);
    setFilter(f);
    setPage(1);
    setSelected([]);
    setOutcome(null);
  };
  return {
    draft,
    setDraft,
    filter,
    page,
    selected,
    setSelected,
    outcome,
    clearOutcome: () => setOutcome(null),
    /** Searches with another filter at once (a state tab), the form following it. */
    apply,
    search: () => apply(draft),
    reset: () => apply(start),
    turnPage: (p: number) => {
      setPage(p);
      setSelected([]);
    },
    toggle: (id: number, on: boolean) => setSelected((s) => (on ? [...s, id] : s.filter((x) => x !== id))),
    /** After a bulk decision: the choice is done with; what it could not do stays on show until dismissed. */
    settle: (o: O) => {
      setOutcome(o.conflicts.length || o.missing.length ? o : null);
      setSelected([]);
    },
  };
}
