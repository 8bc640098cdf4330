import { useState } from 'react';
import { Button, Empty, Input, Pagination, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DeskDelivery } from '@openfind/contract';
import { useDeliveriesToSend, useRequestStep } from './requests-api';

const TRACKING = /^[A-Za-z0-9-]{4,40}$/;

/** One delivery to send: its copy, where it goes, and the tracking number to send it with. */
function DeliveryRow({ d }: { d: DeskDelivery }) {
  const { t } = useTranslation('adminRequests');
  const [trackingNo, setTrackingNo] = useState('');
  const step = useRequestStep();
  const valid = TRACKING.test(trackingNo.trim());
  const inputId = `of-req-tracking-${d.requestId}`;
  return (
    <li className="of-req-card">
      <p className="of-req-card-title">{d.title}</p>
      <p className="of-req-muted">
        {d.callNo ?? ''} · {d.barcode ?? ''}
      </p>
      <p>
        {t('deliveries.address')}: {d.recipient} {d.phone} · {d.address} {d.postcode}
      </p>
      <form
        className="of-req-ship"
        onSubmit={(e) => {
          e.preventDefault();
          if (valid) step.mutate({ kind: 'ship', requestId: d.requestId, trackingNo: trackingNo.trim() });
        }}
      >
        <label htmlFor={inputId}>{t('deliveries.trackingNo')}</label>
        <Input
          id={inputId}
          value={trackingNo}
          onChange={(e) => setTrackingNo(e.target.value)}
          maxLength={40}
          status={trackingNo && !valid ? 'error' : undefined}
          aria-describedby={trackingNo && !valid ? `${inputId}-error` : undefined}
        />
        <Button htmlType="submit" type="primary" disabled={!valid || step.isPending}>
          {t('action.ship')}
        </Button>
        {trackingNo && !valid ? (
          <span id={`${inputId}-error`} className="of-req-error">
            {t('deliveries.trackingInvalid')}
          </span>
        ) : null}
      </form>
    </li>
  );
}

/** Home deliveries whose copy is held, to fetch and send (the desk's deliveries and ship calls). */
export function DeliveriesTab() {
  const { t } = useTranslation('adminRequests');
  const [page, setPage] = useState(1);
  const list = useDeliveriesToSend(page);
  return (
    <div>
      <p className="of-req-muted">{t('deliveries.intro')}</p>
      {list.isPending ? <Spin /> : null}
      {list.data && !list.data.list.length ? <Empty description={t('deliveries.empty')} /> : null}
      <ul className="of-req-cards">
        {list.data?.list.map((d) => (
          <DeliveryRow key={d.requestId} d={d} />
        ))}
      </ul>
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
