import { useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DOC_DELIVERY_FIELDS,
  DOC_DELIVERY_MAX_LENGTH,
  docDeliveryProblem,
  type DocDeliveryField,
  type DocDeliveryRequest,
  type DocDeliveryState,
} from '@openfind/contract';
import { Button } from '../../../components/Button';
import { Pagination } from '../../../components/Pagination';
import { notify } from '../../../lib/antd';
import { ApiError } from '../../../lib/http';
import { newSubmitKey } from '../../../lib/submit-key';
import { loadNamespace } from '../../lang';
import { PanelStatus, hasData } from './PanelStatus';
import { localDateTime } from '../points-format';
import {
  DOC_DELIVERY_ROWS,
  useCancelDocDelivery,
  useDocDeliveryList,
  useDocDeliveryState,
  useSaveDocDelivery,
} from '../api/doc-delivery';
import './doc-delivery.css';

// Its texts load with the panel.
await loadNamespace('docDelivery');

type Form = Record<DocDeliveryField, string>;
const EMPTY = Object.fromEntries(DOC_DELIVERY_FIELDS.map((f) => [f, ''])) as Form;
/** The fields that take a whole row (the rest sit two to a row on a wide screen). */
const WIDE: ReadonlySet<DocDeliveryField> = new Set(['publicationName', 'articleTitle', 'remarks']);

/**
 * My Library key 19 (document delivery): the way into the library's delivery service (a login link
 * signed for the reader, a new window), the library's request form of 13 fields when the service
 * takes requests from it, and the reader's requests with their state.
 */
export default function DocDeliveryPanel() {
  const { t } = useTranslation('docDelivery');
  const state = useDocDeliveryState();
  if (!hasData(state)) return <PanelStatus query={state} failed={t('loadFailed')} />;
  const s = state.data;
  if (!s.offered) return <p className="of-loans-note">{t('notOffered')}</p>;
  return (
    <div className="of-dd">
      <div className="of-dd-open">
        <p>{t('intro')}</p>
        <a className="of-btn of-btn--primary" href={s.loginUrl ?? '#'} target="_blank" rel="noopener noreferrer">
          {t('openService')}
          <span className="of-visually-hidden"> {t('newWindow')}</span>
        </a>
      </div>
      {s.acceptsRequests ? <RequestForm state={s} /> : <p className="of-loans-note">{t('formNotOffered')}</p>}
      <RequestList />
    </div>
  );
}

function RequestForm({ state }: { state: DocDeliveryState }) {
  const { t } = useTranslation('docDelivery');
  const base = useId();
  const idOf = (name: string) => `${base}-${name}`;
  const [f, setF] = useState<Form>(EMPTY);
  const [error, setError] = useState<{ field: DocDeliveryField | null; text: string } | null>(null);
  const submitKey = useRef(newSubmitKey('dd'));
  const save = useSaveDocDelivery();
  const full = state.usedToday >= state.dailyLimit;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = docDeliveryProblem(f, new Date().getFullYear());
    if (problem) {
      setError({ field: problem.field, text: t(`errors.${problem.code}`) });
      document.getElementById(idOf(problem.field))?.focus();
      return;
    }
    setError(null);
    if (save.isPending) return;
    save.mutate(
      { ...f, submitKey: submitKey.current },
      {
        onSuccess: ({ message, data }) => {
          notify(data.status === 'sent' ? 'success' : 'warning', message);
          setF(EMPTY);
          submitKey.current = newSubmitKey('dd');
        },
        onError: (e) => setError({ field: null, text: e instanceof ApiError ? e.message : t('failed') }),
      },
    );
  };

  return (
    <form className="of-address-form of-dd-form" noValidate onSubmit={onSubmit} aria-labelledby={idOf('h')}>
      <h3 id={idOf('h')} className="of-address-form-title">
        {t('formTitle')}
      </h3>
      <p className="of-field-hint">{t('formHint', { used: state.usedToday, limit: state.dailyLimit })}</p>
      <p id={idOf('either')} className="of-field-hint of-dd-either">
        {t('either')}
      </p>
      {error ? (
        <p id={idOf('error')} className="of-address-form-summary" role="alert">
          {error.text}
        </p>
      ) : null}
      <div className="of-dd-fields">
        {DOC_DELIVERY_FIELDS.map((name) => {
          const isWrong = error?.field === name;
          const required = name === 'publicationName' || name === 'articleTitle';
          const props = {
            id: idOf(name),
            className: 'of-input',
            value: f[name],
            maxLength: DOC_DELIVERY_MAX_LENGTH[name],
            'aria-invalid': isWrong || undefined,
            'aria-describedby': isWrong ? idOf('error') : required ? idOf('either') : undefined,
            onChange: (e: { target: { value: string } }) => setF((x) => ({ ...x, [name]: e.target.value })),
          };
          return (
            <div key={name} className={`of-field${isWrong ? ' has-error' : ''}${WIDE.has(name) ? ' is-wide' : ''}`}>
              <label htmlFor={idOf(name)}>{t(`fields.${name}`)}</label>
              {name === 'remarks' ? (
                <textarea {...props} rows={3} />
              ) : (
                <input
                  {...props}
                  type="text"
                  inputMode={name === 'year' ? 'numeric' : undefined}
                  placeholder={t(`placeholders.${name}`, { defaultValue: '' }) || undefined}
                />
              )}
            </div>
          );
        })}
      </div>
      <div className="of-address-form-actions">
        <Button type="submit" variant="primary" busy={save.isPending} disabled={full}>
          {t('submit')}
        </Button>
        {full ? <span className="of-field-hint">{t('limitReached', { limit: state.dailyLimit })}</span> : null}
      </div>
    </form>
  );
}

function RequestList() {
  const { t } = useTranslation('docDelivery');
  const [page, setPage] = useState(1);
  const list = useDocDeliveryList(page);
  return (
    <section className="of-dd-records" aria-labelledby="of-dd-records-h">
      <h3 id="of-dd-records-h" className="of-rec-records-title">
        {t('records')}
      </h3>
      {!hasData(list) ? (
        <PanelStatus query={list} failed={t('loadFailed')} />
      ) : !list.data.list.length ? (
        <p className="of-loans-note">{t('empty')}</p>
      ) : (
        <>
          <ul className="of-loans-list" aria-label={t('records')}>
            {list.data.list.map((r) => (
              <RequestItem key={r.id} request={r} />
            ))}
          </ul>
          <Pagination
            current={page}
            pageSize={DOC_DELIVERY_ROWS}
            total={list.data.totalCount}
            hrefOf={() => '#'}
            onChange={setPage}
            label={t('pages')}
          />
        </>
      )}
    </section>
  );
}

function RequestItem({ request: r }: { request: DocDeliveryRequest }) {
  const { t } = useTranslation('docDelivery');
  const cancel = useCancelDocDelivery();
  const [isConfirming, setIsConfirming] = useState(false);
  const confirmId = useId();
  const shown = DOC_DELIVERY_FIELDS.filter(
    (f) => f !== 'publicationName' && f !== 'articleTitle' && f !== 'remarks' && r[f],
  );
  const title = [r.articleTitle, r.publicationName].filter(Boolean).join(' — ');
  return (
    <li className="of-loan of-dd-item" data-testid="doc-delivery-request">
      <div className="of-loan-body">
        <p className="of-loan-title">
          {title}
          <span className={`of-dd-status is-${r.status}`}>{t(`status.${r.status}`)}</span>
        </p>
        <dl className="of-loan-fields">
          {shown.map((f) => (
            <div key={f}>
              <dt>{t(`fields.${f}`)}</dt>
              <dd>{r[f]}</dd>
            </div>
          ))}
          <div>
            <dt>{t('createdAt')}</dt>
            <dd>
              <time dateTime={r.createdAt}>{localDateTime(r.createdAt)}</time>
            </dd>
          </div>
          {r.remoteId ? (
            <div>
              <dt>{t('remoteId')}</dt>
              <dd>{r.remoteId}</dd>
            </div>
          ) : null}
        </dl>
        <p className="of-loan-state">{t(`statusHint.${r.status}`)}</p>
      </div>
      {r.status === 'queued' || r.status === 'failed' ? (
        isConfirming ? (
          <div className="of-request-confirm" role="group" aria-labelledby={confirmId}>
            <p id={confirmId} className="of-address-confirm-text">
              {t('confirmCancel')}
            </p>
            <Button
              size="small"
              variant="primary"
              busy={cancel.isPending}
              autoFocus
              onClick={() =>
                cancel.mutate(r.id, {
                  onSuccess: ({ message }) => notify('success', message),
                  onError: (e) => notify('error', e instanceof ApiError ? e.message : t('failed')),
                  onSettled: () => setIsConfirming(false),
                })
              }
            >
              {t('cancelYes')}
            </Button>
            <Button size="small" onClick={() => setIsConfirming(false)}>
              {t('cancelNo')}
            </Button>
          </div>
        ) : (
          <Button size="small" onClick={() => setIsConfirming(true)}>
            {t('cancel')}
            <span className="of-visually-hidden">{`: ${title}`}</span>
          </Button>
        )
      ) : null}
    </li>
  );
}
