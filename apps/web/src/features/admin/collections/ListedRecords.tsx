import { useState } from 'react';
import { Button, Pagination, Popconfirm, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import * as Calls from '@openfind/contract/calls';
import { RecordPicker } from '../components/RecordPicker';
import { LISTED_ROWS, useListedRecords, usePackageChange, type ListedIn } from './collections-api';

const CHANGE_CALLS = {
  package: { add: Calls.adminPackageRecordAdd, remove: Calls.adminPackageRecordRemove },
  topic: { add: Calls.adminTopicRecordAdd, remove: Calls.adminTopicRecordRemove },
} as const;

/**
 * The records listed by hand in a package or a topic: found and added with the record picker, each
 * taken out after a confirmation (the record stays in the catalogue), a page at a time.
 */
export function ListedRecords({ of, id, name }: { of: ListedIn; id: number; name: string }) {
  const { t } = useTranslation('adminCollections');
  const [page, setPage] = useState(1);
  const records = useListedRecords(of, id, page);
  const add = usePackageChange(CHANGE_CALLS[of].add);
  const remove = usePackageChange(CHANGE_CALLS[of].remove);
  const list = records.data?.list ?? [];
  const total = records.data?.totalCount ?? 0;
  return (
    <div className="of-special-records">
      <RecordPicker
        label={t('records.find')}
        action={t('records.add')}
        onPick={(r) => add.mutate({ id, recordId: r.recordId })}
      />
      <h4>{t('records.title', { name })}</h4>
      {records.isPending ? <Spin size="small" /> : null}
      {records.isSuccess && !list.length ? <p className="of-special-meta">{t('records.none')}</p> : null}
      <ol className="of-special-record-list" start={(page - 1) * LISTED_ROWS + 1} data-testid="listed-records">
        {list.map((r) => (
          <li key={r.recordId}>
            <Link to={`/searchList/bookDetails/${r.recordId}`} target="_blank" rel="noopener">
              {r.title}
            </Link>{' '}
            <span className="of-special-meta">{[r.author, r.isbn, `#${r.recordId}`].filter(Boolean).join(' · ')}</span>{' '}
            <Popconfirm
              title={t(of === 'topic' ? 'records.removeFromTopic' : 'records.removeConfirm')}
              okText={t('records.remove')}
              cancelText={t('form.cancel')}
              onConfirm={() => remove.mutate({ id, recordId: r.recordId })}
            >
              <Button size="small" danger aria-label={`${t('records.remove')}: ${r.title}`}>
                {t('records.remove')}
              </Button>
            </Popconfirm>
          </li>
        ))}
      </ol>
      {total > LISTED_ROWS ? (
        <Pagination current={page} pageSize={LISTED_ROWS} total={total} onChange={setPage} showSizeChanger={false} />
      ) : null}
    </div>
  );
}
