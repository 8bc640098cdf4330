import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { requestWorkflow, type HolderAsk, type ReaderRequest } from '@openfind/contract';
import { Button } from '../../../components/Button';
import { notify } from '../../../lib/antd';
import { useCancelRequest } from '../api/loans';
import { useAgreeRelend, useAskerCheck, useDeclineRelend, useHolderAsks, useReceiveRelend } from '../api/relend';
import { ShortCode } from './ShortCode';
import './relend.css';
import { ConfirmStep } from './ConfirmStep';

/**
 * Re-lend (转借) in Requests (key 4): the reader's own asks (`RelendRequestItem`, a row of the request
 * list: status and workflow step, cancel, and once a reader agreed the box for the code they give),
 * and the asks made of the reader for books they have (`AskedOfYou`: agree → a code to give, or
 * decline). Neither side is told who the other is.
 */

/** One of the reader's own re-lend asks in the request list. */
export function RelendRequestItem({ request }: { request: ReaderRequest }) {
  const { t } = useTranslation('myLibrary');
  const cancel = useCancelRequest();
  const isOpen = request.status === 'waiting' || request.status === 'ready';
  const workflow = requestWorkflow(request.requestType, request.status);
  const onCancel = (done: () => void) =>
    cancel.mutate(request.requestId, {
      onSuccess: ({ message }) => notify('success', message),
      onSettled: done,
    });
  return (
    <li className={`of-loan of-request of-relend is-${request.status}`}>
      <div className="of-loan-body">
        <h3 className="of-loan-title">
          <Link to={`/searchList/bookDetails/${request.recordId}`}>{request.title}</Link>
        </h3>
        <p className="of-loan-state">
          <span className={`of-request-status is-${request.status}`}>
            {workflow ? t(`relend.workflow.${workflow}`) : t(`relend.status.${request.status}`)}
          </span>
          {' · '}
          {t('relend.type')} · {t('relend.askedOn', { date: request.createdAt.slice(0, 10) })}
        </p>
        <p className="of-loan-due">{t(`relend.explain.${request.status}`)}</p>
        {request.status === 'ready' ? <ReceiveForm title={request.title} /> : null}
      </div>
      {isOpen ? (
        <ConfirmStep
          label={t('requests.cancel')}
          subject={request.title}
          question={t('relend.confirmLabel')}
          confirm={t('relend.confirmCancel')}
          keep={t('requests.keep')}
          busy={cancel.isPending}
          onConfirm={onCancel}
        />
      ) : null}
    </li>
  );
}

/** The code the reader who agreed gives the asker when they meet: with it the loan moves to the asker. */
function ReceiveForm({ title }: { title: string }) {
  const { t } = useTranslation('myLibrary');
  const receive = useReceiveRelend();
  const inputId = useId();
  const errorId = useId();
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState('');
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) {
      setProblem(t('relend.wrongCode'));
      return;
    }
    setProblem('');
    receive.mutate(code.trim(), {
      onSuccess: () => setCode(''),
      onError: (err) => setProblem(err.message),
    });
  };
  return (
    <form className="of-relend-receive" onSubmit={onSubmit} noValidate>
      <div className="of-accept-row">
        <label htmlFor={inputId}>{t('relend.codeLabel')}</label>
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
        <Button type="submit" variant="primary" busy={receive.isPending}>
          {t('relend.receive')}
          <span className="of-visually-hidden">{`《${title}》`}</span>
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

/** "Asked of you": asks for books the reader has on loan, without who asked. Nothing shows when there are none. */
export function AskedOfYou() {
  const { t } = useTranslation('myLibrary');
  const asks = useHolderAsks();
  const headingId = useId();
  const list = asks.data?.list ?? [];
  if (!list.length) return null;
  return (
    <section className="of-relend-asked" aria-labelledby={headingId}>
      <h3 id={headingId} className="of-take-code-title">
        {t('relend.askedTitle')}
      </h3>
      <p className="of-take-code-intro">{t('relend.askedIntro')}</p>
      <ul className="of-loans-list">
        {list.map((ask) => (
          <AskItem key={ask.requestId} ask={ask} />
        ))}
      </ul>
    </section>
  );
}

function AskItem({ ask }: { ask: HolderAsk }) {
  const { t } = useTranslation('myLibrary');
  const agree = useAgreeRelend();
  const decline = useDeclineRelend();
  const check = useAskerCheck();
  const onAgree = () => agree.mutate(ask.requestId);
  const onDecline = (done: () => void) => decline.mutate(ask.requestId, { onSettled: done });
  const agreed = ask.status === 'ready';
  return (
    <li className={`of-loan of-request of-relend-ask is-${ask.status}`}>
      <div className="of-loan-body">
        <h4 className="of-loan-title">
          <Link to={`/searchList/bookDetails/${ask.recordId}`}>{ask.title}</Link>
        </h4>
        <p className="of-loan-state">
          <span className={`of-request-status is-${ask.status}`}>
            {t(agreed ? 'relend.asked.agreed' : 'relend.asked.waiting')}
          </span>
          {' · '}
          {t('relend.askedOn', { date: ask.askedOn })} · {t('relend.askUntil', { date: ask.askUntil })}
        </p>
        <p className="of-loan-due">{t('relend.yourDue', { date: ask.dueDate })}</p>
        {ask.note ? (
          <p className="of-relend-note">
            {t('relend.noteFromAsker')} <q>{ask.note}</q>
          </p>
        ) : null}
        {agree.data ? (
          <ShortCode code={agree.data.data} hint={t('relend.codeHint')} busy={agree.isPending} onRenew={onAgree} />
        ) : agreed ? (
          <p className="of-request-handover">
            <Button size="small" busy={agree.isPending} onClick={onAgree}>
              {t('relend.showCode')}
              <span className="of-visually-hidden">{`《${ask.title}》`}</span>
            </Button>
          </p>
        ) : null}
        {agreed ? (
          <p className="of-relend-check">
            <Button size="small" busy={check.isPending} onClick={() => check.mutate(ask.requestId)}>
              {t('relend.checkAsker')}
            </Button>{' '}
            {check.data ? (
              <span role="status">{check.data.eligible ? t('relend.askerAble') : check.data.reason}</span>
            ) : null}
          </p>
        ) : null}
      </div>
      <div className="of-relend-actions">
        {agreed ? null : (
          <Button size="small" variant="primary" busy={agree.isPending} onClick={onAgree}>
            {t('relend.agree')}
            <span className="of-visually-hidden">{`《${ask.title}》`}</span>
          </Button>
        )}
        <ConfirmStep
          label={t(agreed ? 'relend.withdraw' : 'relend.decline')}
          subject={ask.title}
          question={t('relend.declineLabel')}
          confirm={t(agreed ? 'relend.confirmWithdraw' : 'relend.confirmDecline')}
          keep={t('requests.keep')}
          busy={decline.isPending}
          onConfirm={onDecline}
        />
      </div>
    </li>
  );
}
