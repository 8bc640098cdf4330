import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ReaderSurvey, ReaderSurveySummary, SurveyQuestion } from '@openfind/contract';
import { Button } from '../../../components/Button';
import { notify } from '../../../lib/antd';
import { sanitizeHtml } from '../../../lib/sanitize-html';
import { loadNamespace } from '../../lang';
import { useSubmitSurvey, useSurvey, useSurveyList } from '../api';
import { answersOf, choiceHint, choose, formProblem, textCount, write, type AnswerState } from '../answer-form';
import '../surveys.css';

// Its texts load with the panel (My Library's own chunk stays as it was).
await loadNamespace('surveys');

/** The local day of an ISO time, YYYY-MM-DD. */
function dateOf(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/**
 * My Library key 10 (questionnaires): the surveys open now and those the reader answered; `?survey=`
 * names the one shown — its form while open and unanswered, the reader's answers read-only once given,
 * a plain message once it has ended.
 */
export function SurveysPanel() {
  const [params, setParams] = useSearchParams();
  const surveyId = Number(params.get('survey')) || 0;
  const open = (id: number | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (id) next.set('survey', String(id));
        else next.delete('survey');
        return next;
      },
      { replace: false },
    );
  return surveyId ? <SurveyView surveyId={surveyId} onBack={() => open(null)} /> : <SurveyList onOpen={open} />;
}

function SurveyList({ onOpen }: { onOpen: (id: number) => void }) {
  const { t } = useTranslation('surveys');
  const list = useSurveyList();
  if (!list.data) {
    if (list.isPending) return <p aria-busy="true" className="of-srv-quiet" />;
    return (
      <p className="of-srv-quiet" role="alert">
        {t('loadFailed')}{' '}
        <Button size="small" onClick={() => void list.refetch()}>
          {t('retry')}
        </Button>
      </p>
    );
  }
  const { open, answered } = list.data;
  return (
    <div className="of-srv-panel" data-testid="my-surveys">
      <section aria-labelledby="of-srv-open">
        <h3 id="of-srv-open" className="of-srv-heading">
          {t('listOpen')}
        </h3>
        {open.length ? (
          <ul className="of-srv-list">
            {open.map((s) => (
              <SurveyItem key={s.surveyId} survey={s} onOpen={onOpen} />
            ))}
          </ul>
        ) : (
          <p className="of-srv-quiet">{t('noneOpen')}</p>
        )}
      </section>
      {answered.length ? (
        <section aria-labelledby="of-srv-answered">
          <h3 id="of-srv-answered" className="of-srv-heading">
            {t('listAnswered')}
          </h3>
          <ul className="of-srv-list">
            {answered.map((s) => (
              <SurveyItem key={s.surveyId} survey={s} onOpen={onOpen} />
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

function SurveyItem({ survey: s, onOpen }: { survey: ReaderSurveySummary; onOpen: (id: number) => void }) {
  const { t } = useTranslation('surveys');
  const meta = [
    t('questions', { count: s.questionCount }),
    s.answeredAt ? t('answeredOn', { date: dateOf(s.answeredAt) }) : s.dueOn ? t('due', { date: s.dueOn }) : t('noDue'),
  ];
  return (
    <li data-testid={`survey-${s.surveyId}`}>
      <div className="of-srv-item-text">
        <h4 className="of-srv-title">{s.title}</h4>
        <p className="of-srv-quiet">{meta.join(' · ')}</p>
      </div>
      <Button size="small" variant={s.answeredAt ? 'default' : 'primary'} onClick={() => onOpen(s.surveyId)}>
        {s.answeredAt ? t('viewAnswers') : t('answer')}
        <span className="of-srv-sr"> {s.title}</span>
      </Button>
    </li>
  );
}

function SurveyView({ surveyId, onBack }: { surveyId: number; onBack: () => void }) {
  const { t } = useTranslation('surveys');
  const survey = useSurvey(surveyId);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (survey.data) headingRef.current?.focus();
  }, [survey.data?.surveyId]); // eslint-disable-line react-hooks/exhaustive-deps -- once per survey shown
  const back = (
    <p>
      <Button size="small" onClick={onBack}>
        {t('back')}
      </Button>
    </p>
  );
  if (!survey.data) {
    if (survey.isPending) return <p aria-busy="true" className="of-srv-quiet" />;
    return (
      <div className="of-srv-panel">
        <p className="of-srv-quiet" role="alert">
          {t('notFound')}
        </p>
        {back}
      </div>
    );
  }
  const s = survey.data;
  return (
    <article className="of-srv-panel" data-testid="survey-view">
      {back}
      <h3 className="of-srv-survey-title" tabIndex={-1} ref={headingRef}>
        {s.title}
      </h3>
      <p className="of-srv-quiet">{periodOf(s, t)}</p>
      <Description survey={s} />
      {s.answeredAt ? (
        <ReadOnlyAnswers survey={s} />
      ) : s.phase === 'ended' ? (
        <p className="of-srv-notice" role="status" data-testid="survey-ended">
          {t('ended')}
        </p>
      ) : s.phase === 'upcoming' ? (
        <p className="of-srv-notice" role="status">
          {t('upcoming', { date: s.opensOn })}
        </p>
      ) : (
        <AnswerForm survey={s} />
      )}
    </article>
  );
}

function periodOf(s: ReaderSurvey, t: (key: string, o?: Record<string, unknown>) => string): string {
  if (s.opensOn && s.dueOn) return t('period', { from: s.opensOn, to: s.dueOn });
  if (s.dueOn) return t('due', { date: s.dueOn });
  if (s.opensOn) return t('from', { date: s.opensOn });
  return t('noDue');
}

function Description({ survey: s }: { survey: ReaderSurvey }) {
  const html = useMemo(
    () => (s.descriptionFormat === 'html' ? sanitizeHtml(s.description) : ''),
    [s.description, s.descriptionFormat],
  );
  if (!s.description) return null;
  if (s.descriptionFormat === 'html')
    return <div className="of-srv-description" dangerouslySetInnerHTML={{ __html: html }} />;
  return <p className="of-srv-description of-srv-pre">{s.description}</p>;
}

function ReadOnlyAnswers({ survey: s }: { survey: ReaderSurvey }) {
  const { t } = useTranslation('surveys');
  const given = new Map(s.answers.map((a) => [a.questionId, a]));
  return (
    <section aria-labelledby="of-srv-mine" data-testid="survey-answers">
      <h4 id="of-srv-mine" className="of-srv-heading">
        {t('yourAnswers', { date: dateOf(s.answeredAt) })}
      </h4>
      <ol className="of-srv-answers">
        {s.questions.map((q) => {
          const a = given.get(q.questionId);
          const shown =
            q.kind === 'text'
              ? a?.text
              : q.options
                  .filter((o) => a?.optionIds.includes(o.optionId))
                  .map((o) => o.label)
                  .join('、');
          return (
            <li key={q.questionId}>
              <p className="of-srv-prompt">{q.prompt}</p>
              <p className={shown ? 'of-srv-pre' : 'of-srv-quiet'}>{shown || t('noAnswer')}</p>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

function AnswerForm({ survey: s }: { survey: ReaderSurvey }) {
  const { t } = useTranslation('surveys');
  const [state, setState] = useState<AnswerState>({});
  const [error, setError] = useState<{ n: number; text: string } | null>(null);
  const submit = useSubmitSurvey();
  const formId = useId();
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const problem = formProblem(s.questions, state);
    if (problem) {
      setError({ n: problem.n, text: t(`problem.${problem.problem}`, { n: problem.n, limit: problem.limit }) });
      document.getElementById(`${formId}-q${problem.n}`)?.focus();
      return;
    }
    setError(null);
    submit.mutate(
      { surveyId: s.surveyId, answers: answersOf(s.questions, state) },
      { onSuccess: ({ message }) => notify('success', message) },
    );
  };
  return (
    <form className="of-srv-form" onSubmit={onSubmit} noValidate aria-describedby={`${formId}-req`}>
      <p id={`${formId}-req`} className="of-srv-quiet">
        {t('requiredNote')}
      </p>
      {s.questions.map((q, i) => (
        <QuestionField
          key={q.questionId}
          id={`${formId}-q${i + 1}`}
          n={i + 1}
          question={q}
          state={state}
          invalid={error?.n === i + 1}
          onChange={(next) => {
            setState(next);
            if (error?.n === i + 1) setError(null);
          }}
        />
      ))}
      {error ? (
        <p className="of-srv-error" role="alert" data-testid="survey-error">
          {error.text}
        </p>
      ) : null}
      <p>
        <Button type="submit" variant="primary" busy={submit.isPending} disabled={submit.isPending}>
          {t('submit')}
        </Button>
      </p>
    </form>
  );
}

function QuestionField({
  id,
  n,
  question: q,
  state,
  invalid,
  onChange,
}: {
  id: string;
  n: number;
  question: SurveyQuestion;
  state: AnswerState;
  invalid: boolean;
  onChange: (next: AnswerState) => void;
}) {
  const { t } = useTranslation('surveys');
  const value = state[q.questionId] ?? { optionIds: [], text: '' };
  const label = (
    <>
      <span className="of-srv-n">{n}.</span> {q.prompt}
      {q.required ? (
        <span className="of-srv-required">
          <span aria-hidden="true"> *</span>
          <span className="of-srv-sr"> {t('required')}</span>
        </span>
      ) : null}
    </>
  );
  if (q.kind === 'text') {
    const { count, max, over } = textCount(value.text);
    return (
      <div className="of-srv-question">
        <label htmlFor={id} className="of-srv-prompt">
          {label}
        </label>
        <textarea
          id={id}
          className="of-srv-textarea"
          rows={4}
          value={value.text}
          aria-invalid={invalid || over || undefined}
          aria-describedby={`${id}-count`}
          onChange={(e) => onChange(write(state, q, e.target.value))}
        />
        <p id={`${id}-count`} className={over ? 'of-srv-error' : 'of-srv-quiet'} aria-live="polite">
          {t('counter', { count, max })}
        </p>
      </div>
    );
  }
  const hint = choiceHint(q);
  return (
    <fieldset className="of-srv-question" aria-invalid={invalid || undefined} aria-describedby={`${id}-hint`}>
      <legend className="of-srv-prompt" id={id} tabIndex={-1}>
        {label}
      </legend>
      <p id={`${id}-hint`} className="of-srv-quiet">
        {t(hint.key, { count: hint.min, min: hint.min, max: hint.max })}
      </p>
      {q.options.map((o) => (
        <label key={o.optionId} className="of-srv-option">
          <input
            type={q.kind === 'single' ? 'radio' : 'checkbox'}
            name={`${id}-options`}
            value={o.optionId}
            checked={value.optionIds.includes(o.optionId)}
            onChange={(e) => onChange(choose(state, q, o.optionId, e.target.checked))}
          />
          <span>{o.label}</span>
        </label>
      ))}
    </fieldset>
  );
}

export default SurveysPanel;
