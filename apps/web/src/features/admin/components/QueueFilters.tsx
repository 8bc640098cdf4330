import type { FormEvent, ReactNode } from 'react';
import { Button, Checkbox } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The filter form above a queue of the console: its fields (`FilterField`s, `StatusFilter`), then
 * search, reset and what else the queue offers (`actions`). A search landmark named by `label`;
 * Enter in a field searches.
 */
export function QueueFilters(props: {
  label: string;
  onSearch: () => void;
  onReset: () => void;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation('admin');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    props.onSearch();
  };
  return (
    <form className="of-queue-filters" onSubmit={submit} role="search" aria-label={props.label}>
      {props.children}
      <div className="of-queue-actions">
        <Button type="primary" htmlType="submit">
          {t('queue.search')}
        </Button>
        <Button onClick={props.onReset}>{t('queue.reset')}</Button>
        {props.actions}
      </div>
    </form>
  );
}

/** A labelled field of a queue's filters; give the control `className="of-queue-field"`. */
export function FilterField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <label>
      <span>{label}</span>
      {children}
    </label>
  );
}

/**
 * The bar over a queue's page for acting on many at once: select all of the page (or none), how many
 * are chosen, the queue's buttons (`children`).
 */
export function BulkBar(props: {
  /** The ids of the page's items. */
  ids: number[];
  selected: number[];
  onSelect: (ids: number[]) => void;
  selectAllText: string;
  selectedText: string;
  children: ReactNode;
}) {
  const { ids, selected } = props;
  const all = ids.length > 0 && ids.every((id) => selected.includes(id));
  return (
    <div className="of-queue-bulk">
      <Checkbox
        checked={all}
        indeterminate={!all && selected.length > 0}
        onChange={(e) => props.onSelect(e.target.checked ? ids : [])}
      >
        {props.selectAllText}
      </Checkbox>
      <span aria-live="polite">{props.selectedText}</span>
      {props.children}
    </div>
  );
}
