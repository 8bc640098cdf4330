import { useState } from 'react';
import { Button, Descriptions, Input, Modal, Result, Spin } from 'antd';
import type { DescriptionsProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { CANCEL_REASON_MAX } from '@openfind/contract';
import type { AdminRequestDetail } from '@openfind/contract';
import { AdminPage } from '../components/AdminPage';
import { useRequestDetail, useRequestStep } from './requests-api';
import { RequestState, formatTime } from './request-parts';

/** The steps open to a request as it stands. */
function stepsOf(r: AdminRequestDetail) {
  const ready = r.status === 'ready';
  const pickup = r.requestType === 'reserve' || r.requestType === 'entrust';
  return {
    retrieve: ready && r.holdStage === 'pick' && r.requestType !== 'relend',
    shelve: ready && pickup && (r.holdStage === 'pick' || r.holdStage === 'retrieved'),
    pickedUp: ready && pickup && r.holdStage === 'shelved' && r.pickupCode !== null,
    cancel: r.status === 'waiting' || ready,
  };
}

/** The cancel dialog: the reason is required, and the reader is told it. */
function CancelDialog({ open, onClose, requestId }: { open: boolean; onClose: () => void; requestId: number }) {
  const { t } = useTranslation('adminRequests');
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const step = useRequestStep();
  const missing = !reason.trim();
  return (
    <Modal
      open={open}
      title={t('cancel.title')}
      okText={t('cancel.confirm')}
      cancelText={t('cancel.dismiss')}
      okButtonProps={{ danger: true, loading: step.isPending }}
      onCancel={onClose}
      onOk={() => {
        setTried(true);
        if (missing) return;
        step.mutate({ kind: 'cancel', requestId, reason: reason.trim() }, { onSuccess: onClose });
      }}
    >
      <label htmlFor="of-req-cancel-reason" className="of-req-label">
        {t('cancel.reason')}
      </label>
      <Input.TextArea
        id="of-req-cancel-reason"
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        maxLength={CANCEL_REASON_MAX}
        showCount
        autoSize={{ minRows: 2, maxRows: 5 }}
        status={tried && missing ? 'error' : undefined}
        aria-describedby={tried && missing ? 'of-req-cancel-error' : undefined}
      />
      {tried && missing ? (
        <p id="of-req-cancel-error" className="of-req-error" role="alert">
          {t('cancel.reasonRequired')}
        </p>
      ) : null}
    </Modal>
  );
}

/** A request's page: the reader, the record, the copy, where it stands, its steps and its history. */
export function RequestDetail() {
  const { t, i18n } = useTranslation('adminRequests');
  const requestId = Number(useParams().requestId);
  const detail = useRequestDetail(Number.isSafeInteger(requestId) && requestId > 0 ? requestId : 0);
  const step = useRequestStep();
  const [cancelling, setCancelling] = useState(false);
  const back = <Link to="..">{t('action.back')}</Link>;

  if (detail.isPending) return <Spin className="of-admin-loading" />;
  const r = detail.data;
  if (!r)
    return (
      <AdminPage title={t('detail.title')} extra={back}>
        <Result status="warning" title={detail.error?.message || t('detail.notFound')} />
      </AdminPage>
    );

  const can = stepsOf(r);
  const items: DescriptionsProps['items'] = [
    { key: 'state', label: t('detail.state'), children: <RequestState request={r} /> },
    { key: 'kind', label: t('col.kind'), children: t(`kind.${r.requestType}`) },
    {
      key: 'reader',
      label: t('detail.reader'),
      children: `${r.readerName} (${r.reader})`,
    },
    { key: 'cardNo', label: t('detail.cardNo'), children: r.cardNo },
    { key: 'phone', label: t('detail.contactPhone'), children: r.contactPhone || r.readerPhone || '—' },
    { key: 'record', label: t('detail.record'), children: [r.title, r.author].filter(Boolean).join(' / ') },
    ...(r.isbn ? [{ key: 'isbn', label: t('detail.isbn'), children: r.isbn }] : []),
    { key: 'callNo', label: t('col.callNo'), children: r.callNo ?? '—' },
    { key: 'copy', label: t('detail.copy'), children: r.barcode ?? '—' },
    { key: 'location', label: t('detail.location'), children: r.copyLocation ?? '—' },
    { key: 'pickup', label: t('col.pickup'), children: r.pickupLibName },
    { key: 'placed', label: t('col.placed'), children: formatTime(r.createdAt, i18n.language) },
    ...(r.queuePosition !== null ? [{ key: 'queue', label: t('detail.queue'), children: r.queuePosition }] : []),
    ...(r.status === 'ready' && r.readyUntil
      ? [{ key: 'until', label: t('col.readyUntil'), children: <span data-testid="ready-until">{r.readyUntil}</span> }]
      : []),
    ...(r.pickupCode
      ? [
          {
            key: 'code',
            label: t('detail.pickupCode'),
            children: <strong data-testid="pickup-code">{r.pickupCode}</strong>,
          },
        ]
      : []),
    ...(r.cancelReason ? [{ key: 'reason', label: t('detail.cancelReason'), children: r.cancelReason }] : []),
    ...(r.delivery
      ? [
          {
            key: 'delivery',
            label: t('detail.delivery'),
            children: [
              r.delivery.recipient,
              r.delivery.phone,
              r.delivery.address,
              r.delivery.postcode,
              r.delivery.trackingNo,
            ]
              .filter(Boolean)
              .join(' · '),
          },
        ]
      : []),
  ];

  return (
    <AdminPage title={`${t('detail.title')} · ${r.title}`} extra={back}>
      <div className="of-req-actions" role="group" aria-label={t('col.actions')}>
        {can.retrieve ? (
          <Button disabled={step.isPending} onClick={() => step.mutate({ kind: 'retrieve', requestId: r.requestId })}>
            {t('action.retrieve')}
          </Button>
        ) : null}
        {can.shelve ? (
          <Button
            type="primary"
            disabled={step.isPending}
            onClick={() => step.mutate({ kind: 'shelve', requestId: r.requestId })}
          >
            {t('action.shelve')}
          </Button>
        ) : null}
        {can.pickedUp && r.pickupCode ? (
          <Button
            type="primary"
            disabled={step.isPending}
            onClick={() => step.mutate({ kind: 'pickedUp', pickupCode: r.pickupCode! })}
          >
            {t('action.pickedUp')}
          </Button>
        ) : null}
        {can.cancel ? (
          <Button danger disabled={step.isPending} onClick={() => setCancelling(true)}>
            {t('action.cancel')}
          </Button>
        ) : null}
      </div>
      <Descriptions bordered size="small" column={{ xs: 1, sm: 1, md: 2 }} items={items} className="of-req-desc" />
      <h2 className="of-req-subhead">{t('detail.history')}</h2>
      <ol className="of-req-history">
        {r.history.map((h, i) => (
          <li key={`${h.at}-${i}`}>
            <time dateTime={h.at}>{formatTime(h.at, i18n.language)}</time>{' '}
            <span>{t(`history.${h.action.replace('.', '_')}`, { defaultValue: t('history.other') })}</span>
            {h.actor ? <span className="of-req-muted"> · {t('detail.by', { actor: h.actor })}</span> : null}
          </li>
        ))}
      </ol>
      {cancelling ? <CancelDialog open onClose={() => setCancelling(false)} requestId={r.requestId} /> : null}
    </AdminPage>
  );
}
