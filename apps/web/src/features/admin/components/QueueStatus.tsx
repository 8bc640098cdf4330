import type { ReactNode } from 'react';
import { Button, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FilterField } from './QueueFilters';

type StatusProps<S extends string> = {
  label: string;
  /** The queue's states, in the order staff read them. */
  statuses: readonly S[];
  statusText: (status: S) => string;
};

/**
 * The state field of a queue's filters: a select of its states, "all" first where the queue can show
 * every state at once (`withAll`). Goes inside `QueueFilters`.
 */
export function StatusFilter<S extends string, V extends S | '' = S | ''>(
  props: StatusProps<S> & { value: V; onChange: (status: V) => void; withAll?: boolean },
) {
  const { t } = useTranslation('admin');
  const options = props.statuses.map((s) => ({ value: s as string, label: props.statusText(s) }));
  return (
    <FilterField label={props.label}>
      <Select
        aria-label={props.label}
        className="of-queue-field"
        value={props.value as string}
        onChange={(v: string) => props.onChange(v as V)}
        options={props.withAll ? [{ value: '', label: t('queue.all') }, ...options] : options}
      />
    </FilterField>
  );
}

/**
 * The states of a queue as a row of buttons with how many each holds; the one shown is pressed.
 * Choosing one searches at once.
 */
export function StatusTabs<S extends string>(
  props: StatusProps<S> & { value: S; counts: Partial<Record<S, number>> | undefined; onChange: (status: S) => void },
) {
  return (
    <div role="group" aria-label={props.label} className="of-queue-tabs">
      {props.statuses.map((s) => (
        <Button
          key={s}
          type={props.value === s ? 'primary' : 'default'}
          aria-pressed={props.value === s}
          onClick={() => props.onChange(s)}
        >
          {props.statusText(s)}
          <span className="of-queue-count">{props.counts?.[s] ?? 0}</span>
        </Button>
      ))}
    </div>
  );
}

/** The line under a queue's filters saying what it holds; read out when it changes. */
export function QueueSummary({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <p className="of-queue-summary" aria-live="polite" data-testid={testId}>
      {children}
    </p>
  );
}

/** The summary as how many items each state holds (empty until the first answer). */
export function StatusCounts<S extends string>(
  props: Omit<StatusProps<S>, 'label'> & { testId: string; counts: Partial<Record<S, number>> | undefined },
) {
  const { t } = useTranslation('admin');
  const { counts } = props;
  return (
    <QueueSummary testId={props.testId}>
      {counts
        ? props.statuses
            .map((s) => t('queue.count', { status: props.statusText(s), count: counts[s] ?? 0 }))
            .join(' · ')
        : ''}
    </QueueSummary>
  );
}
