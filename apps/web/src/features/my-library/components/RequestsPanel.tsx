import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ReaderRequest } from '@openfind/contract';
import { Button } from '../../../components/Button';
import { Pagination } from '../../../components/Pagination';
import { notify } from '../../../lib/antd';
import { useAcceptRequest, useCancelRequest, useConfirmReceipt, useHandoverCode, useRequests } from '../api/loans';
import { localDateTime } from '../points-format';
import { ShortCode } from './ShortCode';
import { AskedOfYou, RelendRequestItem } from './RelendPanel';
import { ConfirmStep } from './ConfirmStep';

/** Requests (key 4): reservations and closed-stack retrievals, open ones first, with their queue place or pickup code. */
export function RequestsPanel() {
  const { t } = useTranslation('myLibrary');
  const [page, setPage] = useState(1);
  const requests = useRequests(page);
  if (requests.isPending) return <p aria-busy="true" className="of-loans-note" />;
  if (requests.isError && !requests.data) {
    return (
      <p className="of-loans-note" role="alert">
        {t('requests.loadFailed')}{' '}
        <Button size="small" onClick={() => void requests.refetch()}>
          {t('borrowing.retry')}
        </Button>
      </p>
    );
  }
  const { list, totalCount } = requests.data;
  if (!list.length)
    return (
      <>
        <p className="of-loans-note">{t('requests.empty')}</p>
        <AcceptForm />
        <AskedOfYou />
      </>
    );
  return (
    <div className="of-loans">
      <p className="of-loans-count">{t('requests.count', { count: totalCount })}</p>
      <ul className="of-loans-list">
        {list.map((request) =>
          request.requestType === 'relend' ? (
            <RelendRequestItem key={request.requestId} request={request} />
          ) : (
            <RequestItem key={request.requestId} request={request} />
          ),
        )}
      </ul>
      {totalCount > 20 ? (
        <Pagination
          current={page}
          pageSize={20}
          total={totalCount}
          hrefOf={() => '#'}
          onChange={setPage}
          label={t('requests.pages')}
        />
      ) : null}
      <AcceptForm />
      <AskedOfYou />
    </div>
  );
}

/** Accepting another reader's ready request with the handover code they gave (six digits). */
function AcceptForm() {
  const { t } = useTranslation('myLibrary');
  const accept = useAcceptRequest();
  const inputId = useId();
  const errorId = useId();
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState('');
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) {
      setProblem(t('codes.wrongCode'));
      return;
    }
    setProblem('');
    accept.mutate(code.trim(), {
      onSuccess: ({ message }) => {
        notify('success', message);
        setCode('');
      },
      onError: (err) => setProblem(err.message),
    });
  };
  return (
    <form className="of-accept-form" onSubmit={onSubmit} noValidate>
      <h3 className="of-take-code-title">{t('codes.acceptTitle')}</h3>
      <p className="of-take-code-intro">{t('codes.acceptIntro')}</p>
      <div className="of-accept-row">
        <label htmlFor={inputId}>{t('codes.acceptLabel')}</label>
        <input
          id={inputId}

          inputMode="numeric"
          autoComplete="off"
          maxLength={6}
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? errorId : undefined}
        />
        <Button type="submit" busy={accept.isPending}>
          {t('codes.accept')}
        </Button>
      </div>
      {problem ? (
        <p id={errorId} className="of-pay-error" role="alert">
          {problem}
        </p>
      ) : null}
    </form>
  );
}

function RequestItem({ request }: { request: ReaderRequest }) {
  const { t } = useTranslation('myLibrary');
  const cancel = useCancelRequest();
  // Here, not in the button: the button leaves once receipt is confirmed, and its callbacks with it.
  const confirmReceipt = useConfirmReceipt();
  const isOpen = request.status === 'waiting' || request.status === 'ready';
  const onCancel = (done: () => void) =>
    cancel.mutate(request.requestId, {
      onSuccess: ({ message }) => notify('success', message),
      onSettled: done,
    });
  return (
    <li className={`of-loan of-request is-${request.status}`}>
      <div className="of-loan-body">
        <h3 className="of-loan-title">
          <Link to={`/searchList/bookDetails/${request.recordId}`}>{request.title}</Link>
        </h3>
        <p className="of-loan-state">
          <span className={`of-request-status is-${request.status}`}>{t(`requests.status.${statusKey(request)}`)}</span>
          {request.workflow ? (
            <span className="of-request-step">
              <span className="of-visually-hidden">{t('requests.workflowLabel')}: </span>
              {t(`requests.workflow.${request.workflow}`)}
            </span>
          ) : null}
          {' · '}
          {t(`requests.type.${request.requestType}`)}
          {request.delivery ? null : ` · ${t('requests.pickupAt', { library: request.pickupLibName })}`}
        </p>
        {request.delivery ? <DeliveryDetails delivery={request.delivery} /> : null}
        {request.status === 'waiting' && request.queuePosition !== null ? (
          <p className="of-loan-due">{t('requests.queue', { position: request.queuePosition })}</p>
        ) : null}
        {fetching(request) ? <p className="of-loan-due">{t('requests.fetching')}</p> : null}
        {request.status === 'ready' && request.pickupCode ? (
          <p className="of-request-pickup">
            {t('requests.readyUntil', { date: request.readyUntil })}
            <span className="of-request-code">
              {t('requests.pickupCode')} <strong>{request.pickupCode}</strong>
            </span>
          </p>
        ) : null}
        {request.callNo ? (
          <p className="of-loan-fields">
            {t('borrowing.callNo')} {request.callNo}
          </p>
        ) : null}
        {request.status === 'ready' && request.pickupCode && !request.delivery ? (
          <Handover requestId={request.requestId} />
        ) : null}
      </div>
      {request.status === 'shipped' ? (
        <ConfirmReceipt requestId={request.requestId} title={request.title} confirm={confirmReceipt} />
      ) : null}
      {isOpen ? (
        <ConfirmStep
          label={t('requests.cancel')}
          subject={request.title}
          question={t('requests.confirmLabel')}
          confirm={t('requests.confirmCancel')}
          keep={t('requests.keep')}
          busy={cancel.isPending}
          onConfirm={onCancel}
        />
      ) : null}
    </li>
  );
}

/** A pickup's held copy that staff are still fetching: ready, not yet on the hold shelf. */
function fetching(request: ReaderRequest): boolean {
  return (
    request.status === 'ready' && !request.delivery && request.holdStage !== null && request.holdStage !== 'shelved'
  );
}

/** The status shown: a delivery's held copy waits to be sent; a pickup's is fetched, then ready on the hold shelf. */
function statusKey(request: ReaderRequest): string {
  if (request.status !== 'ready') return request.status;
  if (request.delivery) return 'toSend';
  return fetching(request) ? 'fetching' : 'ready';
}

/** A home delivery: where it goes (as the address was when placed), its tracking number and dates. */
function DeliveryDetails({ delivery }: { delivery: NonNullable<ReaderRequest['delivery']> }) {
  const { t } = useTranslation('myLibrary');
  return (
    <div className="of-request-delivery">
      <p>{t('requests.deliverTo', delivery)}</p>
      {delivery.trackingNo ? (
        <p className="of-request-tracking">
          <span>
            {t('requests.trackingNo')} <strong>{delivery.trackingNo}</strong>
          </span>
          {delivery.shippedAt ? (
            <span>{t('requests.shippedOn', { date: localDateTime(delivery.shippedAt) })}</span>
          ) : null}
          {delivery.receivedAt ? (
            <span>{t('requests.receivedOn', { date: localDateTime(delivery.receivedAt) })}</span>
          ) : null}
        </p>
      ) : null}
    </div>
  );
}

/** "Confirm receipt" of a delivery on its way, asked once more before it is done (it cannot be undone). */
function ConfirmReceipt({
  requestId,
  title,
  confirm,
}: {
  requestId: number;
  title: string;
  confirm: ReturnType<typeof useConfirmReceipt>;
}) {
  const { t } = useTranslation('myLibrary');
  return (
    <ConfirmStep
      primary
      label={t('requests.confirmReceipt')}
      subject={title}
      question={t('requests.confirmReceiptLabel')}
      confirm={t('requests.confirmReceived')}
      keep={t('requests.notYet')}
      busy={confirm.isPending}
      onConfirm={() => confirm.mutate(requestId, { onSuccess: ({ message }) => notify('success', message) })}
    />
  );
}

/** A handover code for a ready request: whoever enters it in their My Library picks the copy up instead. */
function Handover({ requestId }: { requestId: number }) {
  const { t } = useTranslation('myLibrary');
  const handover = useHandoverCode();
  const renew = () => handover.mutate(requestId);
  if (handover.data)
    return <ShortCode code={handover.data} hint={t('codes.handoverHint')} busy={handover.isPending} onRenew={renew} />;
  return (
    <p className="of-request-handover">
      <Button size="small" busy={handover.isPending} onClick={renew}>
        {t('codes.handover')}
      </Button>
      {handover.isError ? (
        <span className="of-pay-error" role="alert">
          {' '}
          {handover.error.message}
        </span>
      ) : null}
    </p>
  );
}
