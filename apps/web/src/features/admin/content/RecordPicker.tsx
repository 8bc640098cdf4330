import { useState, type FormEvent } from 'react';
import { Button, Input, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRecordSearch, type RecordHit } from './content-api';

/** Finds records of the catalogue by title words, ISBN or record id, and hands the one chosen on. */
export function RecordPicker({
  label,
  action,
  onPick,
}: {
  label: string;
  action: string;
  onPick: (r: RecordHit) => void;
}) {
  const { t } = useTranslation('adminContent');
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const hits = useRecordSearch(q);
  const search = (e: FormEvent) => {
    e.preventDefault();
    setQ(draft.trim());
  };
  return (
    <div>
      <form className="of-content-filters" onSubmit={search} role="search" aria-label={label}>
        <label>
          {label}
          <Input
            className="of-content-field"
            value={draft}
            placeholder={t('records.placeholder')}
            onChange={(e) => setDraft(e.target.value)}
          />
        </label>
        <Button htmlType="submit">{t('search')}</Button>
      </form>
      {hits.isFetching ? <Spin size="small" /> : null}
      {hits.data ? (
        hits.data.list.length ? (
          <ul className="of-content-records" aria-label={t('records.hits')}>
            {hits.data.list.map((r) => (
              <li key={r.recordId}>
                <strong>{r.title}</strong>{' '}
                <span className="of-content-meta">
                  {[r.author, r.isbn, r.publishYear, `#${r.recordId}`].filter(Boolean).join(' · ')}
                </span>{' '}
                <Button size="small" onClick={() => onPick(r)}>
                  {action}
                </Button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="of-content-meta">{t('records.none')}</p>
        )
      ) : null}
    </div>
  );
}
