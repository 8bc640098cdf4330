import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Input, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import * as Calls from '@openfind/contract/calls';
import type { ContentAdminCalls, OutputOf } from '@openfind/contract';
import { staffApi } from '../api/staff-api';
import { adminKeys } from '../query-keys';
import './record-picker.css';

/** A record of the catalogue as the picker lists it. */
export type RecordHit = OutputOf<(typeof ContentAdminCalls)['contentRecordSearch']>['list'][number];

function useRecordSearch(q: string) {
  return useQuery({
    queryKey: adminKeys.area('recordPicker', q),
    queryFn: ({ signal }) => staffApi.call(Calls.contentRecordSearch, { q, rows: 20 }, { signal }),
    enabled: q.length > 0,
  });
}

/**
 * Finds records of the catalogue by title words, ISBN or record id, and hands the one chosen on: the
 * console's screens that point at a record (a book list's titles, a record's attachments, a course's
 * reading-list entry, a special collection's titles) share it.
 */
export function RecordPicker({
  label,
  action,
  onPick,
  initial = '',
}: {
  label: string;
  action: string;
  onPick: (r: RecordHit) => void;
  /** Words to search for at once (a citation's title). */
  initial?: string;
}) {
  const { t } = useTranslation('admin');
  const [draft, setDraft] = useState(initial);
  const [q, setQ] = useState(initial.trim());
  const hits = useRecordSearch(q);
  const search = (e: FormEvent) => {
    e.preventDefault();
    setQ(draft.trim());
  };
  return (
    <div>
      <form className="of-record-picker-form" onSubmit={search} role="search" aria-label={label}>
        <label>
          {label}
          <Input
            className="of-record-picker-field"
            value={draft}
            placeholder={t('recordPicker.placeholder')}
            onChange={(e) => setDraft(e.target.value)}
          />
        </label>
        <Button htmlType="submit">{t('recordPicker.search')}</Button>
      </form>
      {hits.isFetching ? <Spin size="small" /> : null}
      {hits.data ? (
        hits.data.list.length ? (
          <ul className="of-record-picker-hits" aria-label={t('recordPicker.hits')}>
            {hits.data.list.map((r) => (
              <li key={r.recordId}>
                <strong>{r.title}</strong>{' '}
                <span className="of-record-picker-meta">
                  {[r.author, r.isbn, r.publishYear, `#${r.recordId}`].filter(Boolean).join(' · ')}
                </span>{' '}
                <Button size="small" onClick={() => onPick(r)} aria-label={`${action}: ${r.title}`}>
                  {action}
                </Button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="of-record-picker-meta">{t('recordPicker.none')}</p>
        )
      ) : null}
    </div>
  );
}
