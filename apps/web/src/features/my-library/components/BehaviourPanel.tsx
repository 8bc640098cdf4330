import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BEHAVIOUR_TABS, type BehaviourRecord, type BehaviourTab, type Payment } from '@openfind/contract';
import { Button } from '../../../components/Button';
import { Pagination } from '../../../components/Pagination';
import { notify } from '../../../lib/antd';
import {
  BEHAVIOUR_ROWS,
  useBehaviours,
  useCancelPayment,
  useCreatePayment,
  usePayMethods,
  usePaymentStatus,
  useTotalMoney,
} from '../api/fines';
import { minutesSeconds, useCountdown } from '../use-countdown';
import { useSelection } from '../use-selection';
import { SelectAll } from './SelectAll';
import { PanelStatus, hasData } from './PanelStatus';

/** "12.30" + "0.50" in fen, exactly. */
const cents = (yuan: string) => Math.round(Number(yuan) * 100);
const yuan = (fen: number) => (fen / 100).toFixed(2);

/**
 * Behaviour records (key 7): fines and borrowing suspensions by the spec's eight tabs, what is owed
 * and whether it stops borrowing, and paying the records chosen — marked for the desk, or by
 * scanning a channel's QR code (valid 3 minutes, its status asked until paid or expired).
 */
export function BehaviourPanel() {
  const { t } = useTranslation('myLibrary');
  const [tab, setTab] = useState<BehaviourTab>('all');
  const [page, setPage] = useState(1);
  const records = useBehaviours(tab, page);
  const { selected, toggle, setAll } = useSelection();
  const [isChoosing, setIsChoosing] = useState(false);

  const list = records.data?.list ?? [];
  const payable = list.filter((r) => r.payable);
  const chosen = payable.filter((r) => selected.has(r.id));
  const onPay = () => {
    if (!chosen.length) {
      notify('warning', t('fines.selectFirst'));
      return;
    }
    setIsChoosing(true);
  };

  return (
    <div className="of-fines">
      <MoneySummary />
      <div role="group" aria-label={t('fines.tabsLabel')} className="of-fines-tabs">
        {BEHAVIOUR_TABS.map((key) => (
          <button
            key={key}
            type="button"
            className="of-fines-tab"
            aria-pressed={key === tab}
            onClick={() => {
              setTab(key);
              setPage(1);
              setAll([]);
            }}
          >
            {t(`fines.tabs.${key}`)}
            <span className="of-fines-tab-count">{records.data?.tabCounts[key] ?? 0}</span>
          </button>
        ))}
      </div>
      {!hasData(records) ? (
        <PanelStatus query={records} failed={t('fines.loadFailed')} />
      ) : !list.length ? (
        <p className="of-loans-note">{t('fines.empty')}</p>
      ) : (
        <>
          {payable.length ? (
            <div className="of-loans-toolbar">
              <SelectAll
                ids={payable.map((r) => r.id)}
                selected={selected}
                setAll={setAll}
                label={t('fines.selectAll')}
              />
              <Button variant="primary" onClick={onPay}>
                {chosen.length
                  ? t('fines.paySelected', { amount: yuan(chosen.reduce((s, r) => s + cents(r.owedAmount), 0)) })
                  : t('fines.pay')}
              </Button>
            </div>
          ) : null}
          <ul className="of-loans-list">
            {list.map((record) => (
              <BehaviourItem
                key={record.id}
                record={record}
                isSelected={selected.has(record.id)}
                onSelect={(on) => toggle(record.id, on)}
              />
            ))}
          </ul>
          {(records.data?.totalCount ?? 0) > BEHAVIOUR_ROWS ? (
            <Pagination
              current={page}
              pageSize={BEHAVIOUR_ROWS}
              total={records.data?.totalCount ?? 0}
              hrefOf={() => '#'}
              onChange={setPage}
              label={t('fines.pages')}
            />
          ) : null}
        </>
      )}
      {isChoosing ? (
        <PayDialog
          fineIds={chosen.map((r) => r.id)}
          amount={yuan(chosen.reduce((s, r) => s + cents(r.owedAmount), 0))}
          onClose={() => {
            setIsChoosing(false);
            setAll([]);
          }}
        />
      ) : null}
    </div>
  );
}

/** What is owed, being paid, and what it stops. */
function MoneySummary() {
  const { t } = useTranslation('myLibrary');
  const money = useTotalMoney();
  if (!money.data) return null;
  const { owed, processing, limit, blocked, suspendedUntil } = money.data;
  return (
    <div className={`of-fines-summary${blocked ? ' is-blocked' : ''}`}>
      <p className="of-fines-owed">
        {t('fines.owed')} <strong>¥{owed}</strong>
        {cents(processing) > 0 ? (
          <span className="of-fines-processing">{t('fines.processing', { amount: processing })}</span>
        ) : null}
      </p>
      {suspendedUntil ? (
        <p className="of-fines-block" role="status">
          {t('fines.suspended', { date: suspendedUntil })}
        </p>
      ) : blocked ? (
        <p className="of-fines-block" role="status">
          {t('fines.overLimit', { limit })}
        </p>
      ) : cents(limit) > 0 ? (
        <p className="of-fines-limit">{t('fines.limit', { limit })}</p>
      ) : null}
    </div>
  );
}

function BehaviourItem({
  record,
  isSelected,
  onSelect,
}: {
  record: BehaviourRecord;
  isSelected: boolean;
  onSelect: (on: boolean) => void;
}) {
  const { t, i18n } = useTranslation('myLibrary');
  const checkId = useId();
  const when = new Date(record.recordTime).toLocaleDateString(i18n.language);
  return (
    <li className={`of-loan of-fine is-${record.processFlag}`}>
      {record.payable ? (
        <input
          id={checkId}
          type="checkbox"
          className="of-loan-check"
          checked={isSelected}
          onChange={(e) => onSelect(e.target.checked)}
          aria-label={t('fines.select', { title: record.title || t(`fines.type.${record.behaviourType}`) })}
        />
      ) : null}
      <div className="of-loan-body">
        <h3 className="of-loan-title">
          {t(`fines.type.${record.behaviourType}`)}
          {record.title ? ` · 《${record.title}》` : ''}
        </h3>
        <p className="of-loan-state">
          <span className={`of-fine-status is-${record.processFlag}`}>{t(`fines.status.${record.processFlag}`)}</span>
          {record.overdueDays ? ` · ${t('fines.overdueDays', { count: record.overdueDays })}` : ''}
        </p>
        <dl className="of-fine-money">
          <div>
            <dt>{t('fines.due')}</dt>
            <dd>¥{record.dueAmount}</dd>
          </div>
          <div>
            <dt>{t('fines.paid')}</dt>
            <dd>¥{record.paidAmount}</dd>
          </div>
          {record.payable ? (
            <div>
              <dt>{t('fines.toPay')}</dt>
              <dd>
                <strong>¥{record.owedAmount}</strong>
              </dd>
            </div>
          ) : null}
        </dl>
        {record.blockStart ? (
          <p className="of-loan-due">{t('fines.blocked', { from: record.blockStart, until: record.blockEnd })}</p>
        ) : null}
        {record.paymentId !== null ? <WithdrawPayment paymentId={record.paymentId} /> : null}
        <p className="of-loan-fields">
          {record.barcode ? `${t('borrowing.barcode')} ${record.barcode} · ` : ''}
          {t('fines.recorded', { date: when })}
          {record.note ? ` · ${record.note}` : ''}
        </p>
      </div>
    </li>
  );
}

/** A payment under way (marked for the desk, or a QR code not scanned yet): withdrawn, the record is owed again. */
function WithdrawPayment({ paymentId }: { paymentId: number }) {
  const { t } = useTranslation('myLibrary');
  const cancel = useCancelPayment();
  return (
    <p className="of-fine-pending">
      {t('fines.pending')}{' '}
      <Button
        size="small"
        busy={cancel.isPending}
        // The row leaves this tab as soon as the lists are asked again, before a mutate() callback
        // would run: the promise tells the reader all the same.
        onClick={() =>
          void cancel.mutateAsync(paymentId).then(
            ({ message }) => notify('info', message),
            () => undefined,
          )
        }
      >
        {t('fines.withdraw')}
      </Button>
    </p>
  );
}

/**
 * Choosing how to pay, then paying: the desk (the records wait for staff), or a channel's QR code
 * with its 3-minute countdown; a lapsed code can be drawn again, a pending payment withdrawn.
 */
function PayDialog({ fineIds, amount, onClose }: { fineIds: number[]; amount: string; onClose: () => void }) {
  const { t } = useTranslation('myLibrary');
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const methods = usePayMethods(true);
  const create = useCreatePayment();
  const [payment, setPayment] = useState<Payment | null>(null);

  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
    return () => d?.close();
  }, []);

  const start = (channel: string) =>
    create.mutate(
      { fineIds, channel },
      {
        onSuccess: ({ data, message }) => {
          if (data.kind === 'desk') {
            notify('success', message);
            onClose();
          } else setPayment(data);
        },
        onError: () => undefined,
      },
    );

  return (
    <dialog
      ref={dialog}
      className="of-pay-dialog"
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <h2 id={titleId} className="of-pay-title">
        {t('fines.payTitle', { amount })}
      </h2>
      {payment ? (
        <QrPayment
          payment={payment}
          onRedraw={() => {
            setPayment(null);
            start(payment.channel);
          }}
          onDone={onClose}
        />
      ) : (
        <div className="of-pay-methods" role="group" aria-label={t('fines.methodsLabel')}>
          {methods.isPending ? <p aria-busy="true" /> : null}
          {(methods.data ?? []).map((m) => (
            <Button
              key={m.channel}
              variant={m.kind === 'desk' ? undefined : 'primary'}
              busy={create.isPending && create.variables?.channel === m.channel}
              onClick={() => start(m.channel)}
            >
              {t(`fines.channels.${m.channel}`, { defaultValue: m.channel })}
            </Button>
          ))}
          {create.isError ? (
            <p className="of-pay-error" role="alert">
              {create.error.message}
            </p>
          ) : null}
          <p className="of-pay-hint">{t('fines.deskHint')}</p>
        </div>
      )}
      <div className="of-pay-footer">
        <Button onClick={onClose}>{t('fines.close')}</Button>
      </div>
    </dialog>
  );
}

function QrPayment({ payment, onRedraw, onDone }: { payment: Payment; onRedraw: () => void; onDone: () => void }) {
  const { t } = useTranslation('myLibrary');
  const status = usePaymentStatus(payment);
  const cancel = useCancelPayment();
  const now = status.data?.data ?? payment;
  const left = useCountdown(payment.secondsLeft ?? 0, payment.paymentId, now.status === 'pending');
  useEffect(() => {
    if (now.status === 'paid') notify('success', status.data?.message || t('fines.paidMessage'));
  }, [now.status, status.data?.message, t]);

  if (now.status === 'paid') {
    return (
      <div className="of-pay-result" role="status">
        <p>{t('fines.paidMessage')}</p>
        <Button variant="primary" onClick={onDone}>
          {t('fines.done')}
        </Button>
      </div>
    );
  }
  const lapsed = now.status !== 'pending' || left === 0;
  return (
    <div className="of-pay-qr">
      {lapsed ? (
        <div className="of-pay-result" role="status">
          <p>{now.status === 'failed' ? t('fines.failed') : t('fines.expired')}</p>
          <Button variant="primary" onClick={onRedraw}>
            {t('fines.redraw')}
          </Button>
        </div>
      ) : (
        <>
          {payment.qrCode ? (
            <img src={payment.qrCode} width={200} height={200} alt={t('fines.qrAlt', { amount: payment.amount })} />
          ) : null}
          <p className="of-pay-countdown" aria-live="off">
            {t('fines.countdown', minutesSeconds(left))}
          </p>
          <p className="of-pay-hint">
            {t(`fines.scanHint.${payment.channel}`, { defaultValue: t('fines.scanHintAny') })}
          </p>
          <Button
            busy={cancel.isPending}
            onClick={() =>
              cancel.mutate(payment.paymentId, {
                onSuccess: ({ message }) => {
                  notify('info', message);
                  onDone();
                },
              })
            }
          >
            {t('fines.withdraw')}
          </Button>
        </>
      )}
    </div>
  );
}
