import { useState } from 'react';
import { Button, Empty, Pagination, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useExpiredHolds, useRequestStep } from './requests-api';

/**
 * Expired holds whose copy is still on the hold shelf: each passed on to the reader it is now held
 * for (staff then put it on the hold shelf for them), or back to the stacks when nobody waits.
 */
export function ExpiredTab() {
  const { t } = useTranslation('adminRequests');
  const [page, setPage] = useState(1);
  const list = useExpiredHolds(page);
  const step = useRequestStep();

  return (
    <div>
      <p className="of-req-muted">{t('expired.intro')}</p>
      {list.isPending ? <Spin /> : null}
      {list.data && !list.data.list.length ? <Empty description={t('expired.empty')} /> : null}
      {list.data?.list.length ? (
        <div className="of-req-table-wrap">
          <table className="of-req-table">
            <thead>
              <tr>
                <th scope="col">{t('col.title')}</th>
                <th scope="col">{t('col.barcode')}</th>
                <th scope="col">{t('col.reader')}</th>
                <th scope="col">{t('col.readyUntil')}</th>
                <th scope="col">{t('col.next')}</th>
                <th scope="col">{t('col.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.list.map((r) => (
                <tr key={r.requestId}>
                  <td>
                    <Link to={String(r.requestId)}>{r.title}</Link>
                    <div className="of-req-muted">{r.callNo ?? ''}</div>
                  </td>
                  <td>{r.barcode}</td>
                  <td>{r.readerName}</td>
                  <td>{r.readyUntil ?? ''}</td>
                  <td>
                    {r.next === 'passedOn'
                      ? t('expired.passedOn', { name: r.nextReaderName ?? '' })
                      : t('expired.reshelved')}
                  </td>
                  <td>
                    <Button
                      size="small"
                      disabled={step.isPending}
                      onClick={() => step.mutate({ kind: 'clearExpired', requestId: r.requestId })}
                      aria-label={`${t(r.next === 'passedOn' ? 'action.passOn' : 'action.reshelve')}: ${r.title}`}
                    >
                      {t(r.next === 'passedOn' ? 'action.passOn' : 'action.reshelve')}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {list.data && list.data.totalCount > 20 ? (
        <Pagination
          className="of-req-pages"
          current={page}
          pageSize={20}
          total={list.data.totalCount}
          showSizeChanger={false}
          onChange={setPage}
        />
      ) : null}
    </div>
  );
}
