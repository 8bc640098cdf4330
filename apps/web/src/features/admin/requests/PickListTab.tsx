import { useState } from 'react';
import { Button, Empty, Select, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLibs } from '../../library';
import { usePickList, useRequestStep } from './requests-api';

/**
 * The pick list: the copies held for readers that are still in the stacks, by library, location and
 * call number (a walk along the shelves), to print (the print stylesheet shows the list alone) and
 * to mark fetched one by one.
 */
export function PickListTab() {
  const { t, i18n } = useTranslation('adminRequests');
  const [libCode, setLibCode] = useState('');
  const libs = useLibs(true);
  const list = usePickList(libCode || undefined);
  const step = useRequestStep();
  const shown = list.data?.groups.reduce((n, g) => n + g.items.length, 0) ?? 0;

  return (
    <div className="of-req-pick">
      <div className="of-req-toolbar of-req-noprint">
        <label className="of-req-inline-field">
          <span>{t('filter.library')}</span>
          <Select
            value={libCode}
            onChange={setLibCode}
            aria-label={t('filter.library')}
            className="of-req-select"
            options={[
              { value: '', label: t('filter.any') },
              ...(libs.data ?? []).map((l) => ({ value: l.libCode, label: l.libName })),
            ]}
          />
        </label>
        <Button type="primary" onClick={() => window.print()} disabled={!shown}>
          {t('action.print')}
        </Button>
      </div>
      <h2 className="of-req-print-only">{t('pick.heading')}</h2>
      <p className="of-req-print-only">{t('pick.printedAt', { time: new Date().toLocaleString(i18n.language) })}</p>
      <p className="of-req-muted of-req-noprint">{t('pick.intro')}</p>
      {list.isPending ? <Spin /> : null}
      {list.data ? (
        <p aria-live="polite">
          {t('pick.count', { count: list.data.totalCount })}
          {list.data.totalCount > shown ? ` · ${t('pick.more', { shown })}` : ''}
        </p>
      ) : null}
      {list.data && !shown ? <Empty description={t('pick.empty')} /> : null}
      {list.data?.groups.map((g) => (
        <section key={`${g.libCode ?? ''}|${g.location}`} className="of-req-pick-group">
          <h2>
            {g.libName}
            {' · '}
            {g.location || t('pick.noLocation')}
          </h2>
          <div className="of-req-table-wrap">
            <table className="of-req-table">
              <thead>
                <tr>
                  <th scope="col">{t('col.callNo')}</th>
                  <th scope="col">{t('col.title')}</th>
                  <th scope="col">{t('col.barcode')}</th>
                  <th scope="col">{t('col.kind')}</th>
                  <th scope="col">{t('col.pickup')}</th>
                  <th scope="col">{t('col.reader')}</th>
                  <th scope="col" className="of-req-noprint">
                    {t('col.actions')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {g.items.map((item) => (
                  <tr key={item.requestId}>
                    <td className="of-req-callno">{item.callNo ?? ''}</td>
                    <td>
                      <Link to={String(item.requestId)}>{item.title}</Link>
                      {item.author ? <div className="of-req-muted">{item.author}</div> : null}
                    </td>
                    <td>{item.barcode}</td>
                    <td>{t(`kind.${item.requestType}`)}</td>
                    <td>{item.pickupLibName}</td>
                    <td>{item.readerName}</td>
                    <td className="of-req-noprint">
                      <Button
                        size="small"
                        onClick={() => step.mutate({ kind: 'retrieve', requestId: item.requestId })}
                        disabled={step.isPending}
                        aria-label={`${t('action.retrieve')}: ${item.title}`}
                      >
                        {t('action.retrieve')}
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ))}
    </div>
  );
}
