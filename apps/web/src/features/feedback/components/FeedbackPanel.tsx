import { useId, useRef, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  FEEDBACK_CATEGORIES,
  FEEDBACK_MAX_LENGTH,
  type FeedbackCategory,
  type FeedbackItem,
  type FeedbackKind,
} from '@openfind/contract';
import { Button } from '../../../components/Button';
import { Tabs } from '../../../components/Tabs';
import { notify } from '../../../lib/antd';
import { recordPath } from '../../../lib/record-path';
import { loadNamespace } from '../../lang';
import { useAskQuestion, useCloseFeedback, useMyFeedback, useMyQuestions, useSubmitFeedback } from '../api';
import {
  charactersLeft,
  feedbackErrors,
  newSubmitKey,
  questionErrors,
  recordIdOf,
  type FeedbackForm,
  type FormErrors,
  type QuestionForm,
} from '../feedback-form';
import '../feedback.css';

// Its texts load with the panel (My Library's own chunk stays as it was).
await loadNamespace('feedback');

const ROWS = 10;

/** The local day and time of an ISO time, YYYY-MM-DD HH:mm. */
function when(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}

/**
 * My Library key 12 (problem feedback): the reader's problem reports and their e-questions ("ask a
 * librarian"), each with a form and the list of what they sent with the library's replies; the
 * questions in two lists, replied and not yet. `?recordId=` (from a record's page) links a report to
 * the record; `?tab=questions` opens the questions.
 */
export function FeedbackPanel() {
  const { t } = useTranslation('feedback');
  const [params] = useSearchParams();
  const recordId = recordIdOf(params.get('recordId'));
  return (
    <div className="of-fb" data-testid="my-feedback">
      <Tabs
        className="of-fb-tabs"
        defaultActiveKey={params.get('tab') === 'questions' ? 'questions' : 'feedback'}
        items={[
          { key: 'feedback', label: t('tabs.feedback'), children: <FeedbackTab recordId={recordId} /> },
          { key: 'questions', label: t('tabs.questions'), children: <QuestionsTab /> },
        ]}
      />
    </div>
  );
}

/** How many the reader may still send today, or that none are left. */
function Allowance({ data }: { data: { sentToday: number; dailyLimit: number } | undefined }) {
  const { t } = useTranslation('feedback');
  if (!data) return null;
  const left = Math.max(0, data.dailyLimit - data.sentToday);
  return (
    <p className="of-fb-quiet" data-testid="feedback-allowance">
      {data.dailyLimit === 0
        ? t('form.notTaken')
        : left
          ? t('form.left', { left, max: data.dailyLimit })
          : t('form.noneLeft', { max: data.dailyLimit })}
    </p>
  );
}

function FeedbackTab({ recordId }: { recordId: number | null }) {
  const { t } = useTranslation('feedback');
  const [page, setPage] = useState(1);
  const mine = useMyFeedback(page, ROWS);
  const [round, setRound] = useState(0);
  const full = mine.data ? mine.data.sentToday >= mine.data.dailyLimit : false;
  return (
    <>
      <FeedbackFormView
        key={round}
        recordId={recordId}
        full={full}
        onSent={() => {
          setRound((r) => r + 1);
          // The list and today's allowance at once, whatever the invalidation raced with (CI once showed them stale).
          void mine.refetch();
        }}
      >
        <Allowance data={mine.data} />
      </FeedbackFormView>
      <MessageList
        title={t('feedback.listTitle')}
        empty={t('feedback.empty')}
        query={mine}
        page={page}
        onPage={setPage}
        testId="feedback-list"
      />
    </>
  );
}

function QuestionsTab() {
  const { t } = useTranslation('feedback');
  const [round, setRound] = useState(0);
  // The first page of the unreplied ones: the counts of both lists and today's allowance.
  const first = useMyQuestions(false, 1, ROWS);
  const full = first.data ? first.data.sentToday >= first.data.dailyLimit : false;
  const counts = first.data;
  return (
    <>
      <QuestionFormView
        key={round}
        full={full}
        onSent={() => {
          setRound((r) => r + 1);
          // The counts and today's allowance at once, whatever the invalidation raced with (CI once showed them stale).
          void first.refetch();
        }}
      >
        <Allowance data={first.data} />
      </QuestionFormView>
      <h3 className="of-fb-heading">{t('questions.listTitle')}</h3>
      <Tabs
        className="of-fb-subtabs"
        items={[
          {
            key: 'unreplied',
            label: t('questions.unreplied', { n: counts?.unrepliedCount ?? '–' }),
            children: <QuestionList replied={false} />,
          },
          {
            key: 'replied',
            label: t('questions.replied', { n: counts?.repliedCount ?? '–' }),
            children: <QuestionList replied />,
          },
        ]}
      />
    </>
  );
}

function QuestionList({ replied }: { replied: boolean }) {
  const { t } = useTranslation('feedback');
  const [page, setPage] = useState(1);
  const query = useMyQuestions(replied, page, ROWS);
  return (
    <MessageList
      empty={t(replied ? 'questions.emptyReplied' : 'questions.emptyUnreplied')}
      query={query}
      page={page}
      onPage={setPage}
      testId={replied ? 'questions-replied' : 'questions-unreplied'}
    />
  );
}

type ListQuery = {
  data?: { totalCount: number; list: FeedbackItem[] } | undefined;
  isPending: boolean;
  refetch: () => unknown;
};

function MessageList(props: {
  title?: string;
  empty: string;
  query: ListQuery;
  page: number;
  onPage: (page: number) => void;
  testId: string;
}) {
  const { t } = useTranslation('feedback');
  const headingId = useId();
  const { query, page } = props;
  const heading = props.title ? (
    <h3 id={headingId} className="of-fb-heading">
      {props.title}
    </h3>
  ) : null;
  if (!query.data) {
    return (
      <section className="of-fb-list-section">
        {heading}
        {query.isPending ? (
          <p aria-busy="true" className="of-fb-quiet" />
        ) : (
          <p className="of-fb-quiet" role="alert">
            {t('list.loadFailed')}{' '}
            <Button size="small" onClick={() => void query.refetch()}>
              {t('list.retry')}
            </Button>
          </p>
        )}
      </section>
    );
  }
  const { list, totalCount } = query.data;
  const pages = Math.ceil(totalCount / ROWS);
  return (
    <section
      className="of-fb-list-section"
      aria-labelledby={props.title ? headingId : undefined}
      data-testid={props.testId}
    >
      {heading}
      {list.length ? (
        <ul className="of-fb-list">
          {list.map((item) => (
            <MessageItem key={item.feedbackId} item={item} />
          ))}
        </ul>
      ) : (
        <p className="of-fb-quiet">{props.empty}</p>
      )}
      {pages > 1 ? (
        <p className="of-fb-actions">
          <Button size="small" disabled={page <= 1} onClick={() => props.onPage(page - 1)}>
            {t('list.previous')}
          </Button>
          <span className="of-fb-quiet">{t('list.page', { page, pages })}</span>
          <Button size="small" disabled={page >= pages} onClick={() => props.onPage(page + 1)}>
            {t('list.next')}
          </Button>
        </p>
      ) : null}
    </section>
  );
}

/** One message: what it is about, its state, the text, the library's replies, closing it. */
function MessageItem({ item }: { item: FeedbackItem }) {
  const { t } = useTranslation('feedback');
  const close = useCloseFeedback();
  const [confirming, setConfirming] = useState(false);
  const confirmId = useId();
  const titleId = useId();
  const title = item.kind === 'question' ? item.subject : t(`category.${item.category || 'other'}`);
  return (
    <li className="of-fb-item" aria-labelledby={titleId} data-testid={`feedback-${item.feedbackId}`}>
      <p className="of-fb-item-head">
        <strong id={titleId} className="of-fb-item-title">
          {title}
        </strong>
        <span className={`of-fb-status is-${item.status}`} data-testid="feedback-status">
          {t(`status.${item.status}`)}
        </span>
      </p>
      <p className="of-fb-meta">
        {t('list.sent', { id: item.feedbackId, at: when(item.createdAt) })}
        {item.record ? (
          <>
            {' · '}
            <Link to={recordPath(item.record.recordId)}>
              {t('list.about', { title: item.record.title || `#${item.record.recordId}` })}
            </Link>
          </>
        ) : null}
      </p>
      <p className="of-fb-content">{item.content}</p>
      {item.replies.length ? (
        <ol className="of-fb-replies" aria-label={t('list.replies')}>
          {item.replies.map((r) => (
            <li key={r.replyId} className="of-fb-reply" data-testid="feedback-reply">
              <p className="of-fb-meta">{t('list.replyFrom', { at: when(r.createdAt) })}</p>
              <p className="of-fb-content">{r.body}</p>
            </li>
          ))}
        </ol>
      ) : null}
      {item.status === 'closed' ? (
        <p className="of-fb-meta">
          {t(item.closedBy === 'reader' ? 'list.closedByReader' : 'list.closedByLibrary', { at: when(item.closedAt) })}
        </p>
      ) : confirming ? (
        <div className="of-fb-actions" role="group" aria-labelledby={confirmId}>
          <p id={confirmId} className="of-fb-quiet">
            {t('list.confirmClose')}
          </p>
          <Button
            size="small"
            variant="primary"
            busy={close.isPending}
            autoFocus
            onClick={() =>
              close.mutate(item.feedbackId, {
                onSuccess: ({ message }) => notify('success', message),
                onSettled: () => setConfirming(false),
              })
            }
          >
            {t('list.closeYes')}
          </Button>
          <Button size="small" onClick={() => setConfirming(false)}>
            {t('list.keep')}
          </Button>
        </div>
      ) : (
        <p className="of-fb-actions">
          <Button size="small" onClick={() => setConfirming(true)} aria-describedby={titleId}>
            {t('list.close')}
          </Button>
        </p>
      )}
    </li>
  );
}

/** A labelled field with its hint (a counter) and error, ids made from `base`. */
function Field(props: {
  id: string;
  label: string;
  required?: boolean;
  hint?: ReactNode;
  error?: string | undefined;
  children: (a11y: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}) {
  const { id, hint, error } = props;
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="of-fb-field">
      <label htmlFor={id}>
        {props.label}
        {props.required ? (
          <span className="of-fb-required" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </label>
      {props.children({
        id,
        ...(error ? { 'aria-invalid': true as const } : {}),
        ...(described ? { 'aria-describedby': described } : {}),
      })}
      {hint ? (
        <p id={`${id}-hint`} className="of-fb-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="of-fb-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The live counter of a text: characters left, or how many too many. */
function Counter({ kind, text }: { kind: FeedbackKind; text: string }) {
  const { t } = useTranslation('feedback');
  const left = charactersLeft(kind, text);
  return (
    <span className={left < 0 ? 'of-fb-over' : undefined} data-testid="feedback-counter">
      {left >= 0 ? t('form.charsLeft', { left }) : t('form.charsOver', { over: -left })}
    </span>
  );
}

/** Sends a form once: checks it first (the first wrong field gets the focus), then the call. */
function useFormSubmit<F>(check: (f: F) => FormErrors, ids: Record<string, string>) {
  const [showErrors, setShowErrors] = useState(false);
  const submitKey = useRef(newSubmitKey());
  const onSubmit = (form: F, send: (key: string) => void) => (event: FormEvent) => {
    event.preventDefault();
    const problems = check(form);
    const first = Object.keys(problems)[0];
    if (first) {
      setShowErrors(true);
      document.getElementById(ids[first]!)?.focus();
      return;
    }
    send(submitKey.current);
  };
  return { showErrors, onSubmit };
}

function FeedbackFormView(props: { recordId: number | null; full: boolean; onSent: () => void; children: ReactNode }) {
  const { t } = useTranslation('feedback');
  const submit = useSubmitFeedback();
  const base = useId();
  const ids = { category: `${base}-category`, content: `${base}-content`, contact: `${base}-contact` };
  const [form, setForm] = useState<FeedbackForm>({ category: 'catalogue', content: '', contact: '' });
  const [withRecord, setWithRecord] = useState(props.recordId !== null);
  const { showErrors, onSubmit } = useFormSubmit(feedbackErrors, ids);
  const errors = showErrors ? feedbackErrors(form) : {};
  const errorText = (name: keyof FormErrors) =>
    errors[name] ? t(`form.errors.${errors[name]}`, { max: FEEDBACK_MAX_LENGTH.feedback }) : undefined;
  const send = (submitKey: string) => {
    if (submit.isPending) return;
    submit.mutate(
      {
        category: form.category,
        content: form.content.trim(),
        contact: form.contact.trim(),
        recordId: withRecord && props.recordId !== null ? props.recordId : null,
        submitKey,
      },
      {
        onSuccess: ({ message }) => {
          notify('success', message);
          props.onSent();
        },
      },
    );
  };
  return (
    <form
      className="of-fb-form"
      noValidate
      onSubmit={onSubmit(form, send)}
      aria-labelledby={`${base}-title`}
      data-testid="feedback-form"
    >
      <h3 id={`${base}-title`} className="of-fb-heading">
        {t('feedback.formTitle')}
      </h3>
      <p className="of-fb-quiet">{t('feedback.intro', { max: FEEDBACK_MAX_LENGTH.feedback })}</p>
      {props.children}
      {props.recordId !== null && withRecord ? (
        <p className="of-fb-record" data-testid="feedback-record">
          {t('feedback.aboutRecord')}{' '}
          <Link to={recordPath(props.recordId)}>{t('feedback.recordLink', { id: props.recordId })}</Link>{' '}
          <Button size="small" onClick={() => setWithRecord(false)}>
            {t('feedback.unlinkRecord')}
          </Button>
        </p>
      ) : null}
      <Field id={ids.category} label={t('form.category')} required>
        {(a) => (
          <select
            {...a}
            className="of-fb-input"
            value={form.category}
            onChange={(e) => setForm({ ...form, category: e.target.value as FeedbackCategory })}
          >
            {FEEDBACK_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {t(`category.${c}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field
        id={ids.content}
        label={t('form.feedbackText')}
        required
        hint={<Counter kind="feedback" text={form.content} />}
        error={errorText('content')}
      >
        {(a) => (
          <textarea
            {...a}
            className="of-fb-input"
            rows={5}
            value={form.content}
            onChange={(e) => setForm({ ...form, content: e.target.value })}
          />
        )}
      </Field>
      <Field id={ids.contact} label={t('form.contact')} hint={t('form.contactHint')} error={errorText('contact')}>
        {(a) => (
          <input
            {...a}
            className="of-fb-input"
            autoComplete="email"
            maxLength={FEEDBACK_MAX_LENGTH.contact}
            value={form.contact}
            onChange={(e) => setForm({ ...form, contact: e.target.value })}
          />
        )}
      </Field>
      <p className="of-fb-actions">
        <Button type="submit" variant="primary" busy={submit.isPending} disabled={props.full}>
          {t('feedback.send')}
        </Button>
      </p>
    </form>
  );
}

function QuestionFormView(props: { full: boolean; onSent: () => void; children: ReactNode }) {
  const { t } = useTranslation('feedback');
  const ask = useAskQuestion();
  const base = useId();
  const ids = { subject: `${base}-subject`, content: `${base}-content`, contact: `${base}-contact` };
  const [form, setForm] = useState<QuestionForm>({ subject: '', content: '', contact: '' });
  const { showErrors, onSubmit } = useFormSubmit(questionErrors, ids);
  const errors = showErrors ? questionErrors(form) : {};
  const errorText = (name: keyof FormErrors) =>
    errors[name]
      ? t(`form.errors.${errors[name]}`, {
          max: name === 'subject' ? FEEDBACK_MAX_LENGTH.subject : FEEDBACK_MAX_LENGTH.question,
        })
      : undefined;
  const send = (submitKey: string) => {
    if (ask.isPending) return;
    ask.mutate(
      { subject: form.subject.trim(), content: form.content.trim(), contact: form.contact.trim(), submitKey },
      {
        onSuccess: ({ message }) => {
          notify('success', message);
          props.onSent();
        },
      },
    );
  };
  return (
    <form
      className="of-fb-form"
      noValidate
      onSubmit={onSubmit(form, send)}
      aria-labelledby={`${base}-title`}
      data-testid="question-form"
    >
      <h3 id={`${base}-title`} className="of-fb-heading">
        {t('questions.formTitle')}
      </h3>
      <p className="of-fb-quiet">{t('questions.intro')}</p>
      {props.children}
      <Field id={ids.subject} label={t('form.subject')} required error={errorText('subject')}>
        {(a) => (
          <input
            {...a}
            className="of-fb-input"
            maxLength={FEEDBACK_MAX_LENGTH.subject}
            value={form.subject}
            onChange={(e) => setForm({ ...form, subject: e.target.value })}
          />
        )}
      </Field>
      <Field
        id={ids.content}
        label={t('form.questionText')}
        required
        hint={<Counter kind="question" text={form.content} />}
        error={errorText('content')}
      >
        {(a) => (
          <textarea
            {...a}
            className="of-fb-input"
            rows={6}
            value={form.content}
            onChange={(e) => setForm({ ...form, content: e.target.value })}
          />
        )}
      </Field>
      <Field id={ids.contact} label={t('form.contact')} hint={t('form.contactHint')} error={errorText('contact')}>
        {(a) => (
          <input
            {...a}
            className="of-fb-input"
            autoComplete="email"
            maxLength={FEEDBACK_MAX_LENGTH.contact}
            value={form.contact}
            onChange={(e) => setForm({ ...form, contact: e.target.value })}
          />
        )}
      </Field>
      <p className="of-fb-actions">
        <Button type="submit" variant="primary" busy={ask.isPending} disabled={props.full}>
          {t('questions.send')}
        </Button>
      </p>
    </form>
  );
}

export default FeedbackPanel;
