import { useId, useMemo, useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Empty,
  Input,
  InputNumber,
  Pagination,
  Popconfirm,
  Radio,
  Select,
  Spin,
  Tag,
} from 'antd';
import { useTranslation } from 'react-i18next';
import {
  SURVEY_DESCRIPTION_MAX,
  SURVEY_MAX_OPTIONS,
  SURVEY_MAX_QUESTIONS,
  SURVEY_OPTION_MAX,
  SURVEY_PROMPT_MAX,
  SURVEY_TITLE_MAX,
  type SurveyDescriptionFormat,
  type SurveyQuestionKind,
  type SurveyStatus,
} from '@openfind/contract';
import { sanitizeHtml } from '../../../lib/sanitize-html';
import { loadNamespace } from '../../lang';
import { downloadCsv } from '../reports/csv';
import { surveyCsv, surveyCsvName } from './survey-csv';
import {
  SURVEY_ROWS,
  TEXT_ROWS,
  fetchSurveyExport,
  useAdminSurvey,
  useAdminSurveys,
  useSurveyChanges,
  useSurveyResults,
  useSurveyTexts,
  type AdminSurveyFull,
  type AdminSurveyRow,
} from './surveys-api';
import './surveys.css';

await loadNamespace('adminSurveys');

type Mode = { kind: 'list' } | { kind: 'edit'; id: number } | { kind: 'results'; id: number };

const STATUS_COLOUR: Record<SurveyStatus, string> = { draft: 'default', published: 'green', closed: 'orange' };

/**
 * Questionnaires (a tab of the content screen): the institution's surveys with their state and answer
 * counts; the editor (texts, period, ordered questions and options, moved by buttons); publish, close,
 * delete (administrators; a published one only after saying its answers go too); the results — counts
 * and percentages per option as bars, the text answers paged — and the CSV of every answer.
 */
export function SurveysAdminPanel({ canDelete }: { canDelete: boolean }) {
  const [mode, setMode] = useState<Mode>({ kind: 'list' });
  if (mode.kind === 'edit')
    return (
      <SurveyEditor
        id={mode.id}
        onDone={() => setMode({ kind: 'list' })}
        onSaved={(id) => setMode({ kind: 'edit', id })}
      />
    );
  if (mode.kind === 'results') return <SurveyResultsView id={mode.id} onBack={() => setMode({ kind: 'list' })} />;
  return (
    <SurveyList
      canDelete={canDelete}
      onEdit={(id) => setMode({ kind: 'edit', id })}
      onResults={(id) => setMode({ kind: 'results', id })}
    />
  );
}

function SurveyList({
  canDelete,
  onEdit,
  onResults,
}: {
  canDelete: boolean;
  onEdit: (id: number) => void;
  onResults: (id: number) => void;
}) {
  const { t } = useTranslation('adminSurveys');
  const [status, setStatus] = useState<SurveyStatus | ''>('');
  const [page, setPage] = useState(1);
  const surveys = useAdminSurveys(status, page);
  const items = surveys.data?.list ?? [];
  const counts = surveys.data?.counts;
  return (
    <div className="of-surveys">
      <div className="of-surveys-bar">
        <label className="of-surveys-filter">
          <span>{t('filter')}</span>
          <Select
            value={status}
            style={{ minWidth: 160 }}
            onChange={(v) => {
              setStatus(v);
              setPage(1);
            }}
            options={[
              { value: '', label: t('all') },
              ...(['draft', 'published', 'closed'] as const).map((s) => ({
                value: s,
                label: `${t(`status.${s}`)}${counts ? ` (${counts[s]})` : ''}`,
              })),
            ]}
          />
        </label>
        <Button type="primary" onClick={() => onEdit(0)}>
          {t('create')}
        </Button>
      </div>
      {surveys.isPending ? <Spin /> : null}
      {surveys.isSuccess && !items.length ? <Empty description={t('none')} /> : null}
      <ul className="of-content-list" aria-label={t('listLabel')}>
        {items.map((s) => (
          <SurveyRow key={s.surveyId} survey={s} canDelete={canDelete} onEdit={onEdit} onResults={onResults} />
        ))}
      </ul>
      {(surveys.data?.totalCount ?? 0) > SURVEY_ROWS ? (
        <Pagination
          className="of-content-pager"
          current={page}
          pageSize={SURVEY_ROWS}
          total={surveys.data?.totalCount ?? 0}
          onChange={setPage}
          showSizeChanger={false}
        />
      ) : null}
    </div>
  );
}

function periodText(
  t: (k: string, o?: Record<string, unknown>) => string,
  s: { opensOn: string | null; dueOn: string | null },
) {
  return t('period', { from: s.opensOn ?? t('fromPublishing'), to: s.dueOn ?? t('untilClosed') });
}

function SurveyRow({
  survey: s,
  canDelete,
  onEdit,
  onResults,
}: {
  survey: AdminSurveyRow;
  canDelete: boolean;
  onEdit: (id: number) => void;
  onResults: (id: number) => void;
}) {
  const { t } = useTranslation('adminSurveys');
  const { publish, close, remove } = useSurveyChanges();
  const ref = { surveyId: s.surveyId, version: s.version };
  return (
    <li className="of-content-item" data-testid="admin-survey">
      <h4 className="of-surveys-title">{s.title}</h4>
      <p className="of-content-meta">
        <Tag color={STATUS_COLOUR[s.status]}>{t(`status.${s.status}`)}</Tag>
        {s.anonymous ? <Tag>{t('anonymous')}</Tag> : null}
        {[
          periodText(t, s),
          t('questionCount', { count: s.questionCount }),
          t('answerCount', { count: s.answerCount }),
          s.publishedAt ? t('publishedAt', { date: s.publishedAt.slice(0, 10) }) : null,
        ]
          .filter(Boolean)
          .join(' · ')}
      </p>
      <div className="of-content-actions">
        <Button size="small" onClick={() => onEdit(s.surveyId)} aria-label={t('editNamed', { title: s.title })}>
          {t('edit')}
        </Button>
        {s.status !== 'draft' ? (
          <Button size="small" onClick={() => onResults(s.surveyId)} aria-label={t('resultsNamed', { title: s.title })}>
            {t('results')}
          </Button>
        ) : null}
        {s.status === 'draft' ? (
          <Popconfirm
            title={t('publishQuestion', { title: s.title })}
            okText={t('publish')}
            cancelText={t('cancel')}
            onConfirm={() => publish.mutate(ref)}
          >
            <Button size="small" type="primary" loading={publish.isPending}>
              {t('publish')}
            </Button>
          </Popconfirm>
        ) : null}
        {s.status === 'published' ? (
          <Popconfirm
            title={t('closeQuestion', { title: s.title })}
            okText={t('close')}
            cancelText={t('cancel')}
            onConfirm={() => close.mutate(ref)}
          >
            <Button size="small" loading={close.isPending}>
              {t('close')}
            </Button>
          </Popconfirm>
        ) : null}
        {canDelete ? (
          <Popconfirm
            title={
              s.status === 'draft'
                ? t('deleteQuestion', { title: s.title })
                : t('deleteAnsweredQuestion', { title: s.title, count: s.answerCount })
            }
            okText={t('delete')}
            okButtonProps={{ danger: true }}
            cancelText={t('cancel')}
            onConfirm={() => remove.mutate({ ...ref, confirm: s.status !== 'draft' })}
          >
            <Button size="small" danger loading={remove.isPending}>
              {t('delete')}
            </Button>
          </Popconfirm>
        ) : null}
      </div>
    </li>
  );
}

// ---- the editor ---------------------------------------------------------------------------------

type QuestionDraft = {
  key: string;
  prompt: string;
  kind: SurveyQuestionKind;
  required: boolean;
  minChoices: number | null;
  maxChoices: number | null;
  options: { key: string; label: string }[];
};

type Draft = {
  title: string;
  description: string;
  descriptionFormat: SurveyDescriptionFormat;
  anonymous: boolean;
  opensOn: string;
  dueOn: string;
  questions: QuestionDraft[];
};

let serial = 0;
const nextKey = () => `k${++serial}`;
const newOption = (label = '') => ({ key: nextKey(), label });
const newQuestion = (kind: SurveyQuestionKind = 'single'): QuestionDraft => ({
  key: nextKey(),
  prompt: '',
  kind,
  required: false,
  minChoices: null,
  maxChoices: null,
  options: kind === 'text' ? [] : [newOption(), newOption()],
});

function draftOf(s: AdminSurveyFull | undefined): Draft {
  if (!s)
    return {
      title: '',
      description: '',
      descriptionFormat: 'text',
      anonymous: false,
      opensOn: '',
      dueOn: '',
      questions: [newQuestion()],
    };
  return {
    title: s.title,
    description: s.description,
    descriptionFormat: s.descriptionFormat,
    anonymous: s.anonymous,
    opensOn: s.opensOn ?? '',
    dueOn: s.dueOn ?? '',
    questions: s.questions.map((q) => ({
      key: nextKey(),
      prompt: q.prompt,
      kind: q.kind,
      required: q.required,
      minChoices: q.minChoices,
      maxChoices: q.maxChoices,
      options: q.options.map((o) => newOption(o.label)),
    })),
  };
}

/** Moves the item at `from` by `by` places (up −1, down +1). */
function moved<T>(list: T[], from: number, by: number): T[] {
  const to = from + by;
  if (to < 0 || to >= list.length) return list;
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

function SurveyEditor({ id, onDone, onSaved }: { id: number; onDone: () => void; onSaved: (id: number) => void }) {
  const survey = useAdminSurvey(id);
  if (id && !survey.data) return survey.isPending ? <Spin /> : <Empty />;
  // Keyed by version: a save (or another tab's change, reloaded) starts the form from what is stored.
  return (
    <SurveyForm key={`${id}-${survey.data?.version ?? 'new'}`} survey={survey.data} onDone={onDone} onSaved={onSaved} />
  );
}

function SurveyForm({
  survey,
  onDone,
  onSaved,
}: {
  survey: AdminSurveyFull | undefined;
  onDone: () => void;
  onSaved: (id: number) => void;
}) {
  const { t } = useTranslation('adminSurveys');
  const [draft, setDraft] = useState<Draft>(() => draftOf(survey));
  const [problem, setProblem] = useState('');
  const { save } = useSurveyChanges();
  const locked = (survey?.answerCount ?? 0) > 0;
  const formId = useId();
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const setQuestion = (i: number, patch: Partial<QuestionDraft>) =>
    setDraft((d) => ({ ...d, questions: d.questions.map((q, n) => (n === i ? { ...q, ...patch } : q)) }));
  const preview = useMemo(
    () => (draft.descriptionFormat === 'html' ? sanitizeHtml(draft.description) : ''),
    [draft.description, draft.descriptionFormat],
  );
  const onSubmit = () => {
    if (!draft.title.trim()) return setProblem(t('titleRequired'));
    const empty = draft.questions.findIndex(
      (q) => !q.prompt.trim() || (q.kind !== 'text' && q.options.some((o) => !o.label.trim())),
    );
    if (empty >= 0) return setProblem(t('questionIncomplete', { n: empty + 1 }));
    setProblem('');
    save.mutate(
      {
        ...(survey ? { id: survey.surveyId, version: survey.version } : {}),
        title: draft.title,
        description: draft.description,
        descriptionFormat: draft.descriptionFormat,
        anonymous: draft.anonymous,
        opensOn: draft.opensOn || null,
        dueOn: draft.dueOn || null,
        questions: draft.questions.map((q) => ({
          prompt: q.prompt,
          kind: q.kind,
          required: q.required,
          minChoices: q.kind === 'multiple' ? q.minChoices : null,
          maxChoices: q.kind === 'multiple' ? q.maxChoices : null,
          options: q.kind === 'text' ? [] : q.options.map((o) => o.label.trim()),
        })),
      },
      { onSuccess: ({ data }) => onSaved(data.surveyId) },
    );
  };
  return (
    <form
      className="of-surveys-editor"
      aria-labelledby={`${formId}-title`}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <h3 id={`${formId}-title`} className="of-surveys-heading">
        {survey ? t('editTitle', { title: survey.title }) : t('createTitle')}
      </h3>
      {survey ? (
        <p className="of-content-meta">
          <Tag color={STATUS_COLOUR[survey.status]}>{t(`status.${survey.status}`)}</Tag>
          {t('answerCount', { count: survey.answerCount })}
        </p>
      ) : null}
      <div className="of-surveys-field">
        <label htmlFor={`${formId}-name`}>{t('fieldTitle')}</label>
        <Input
          id={`${formId}-name`}
          value={draft.title}
          maxLength={SURVEY_TITLE_MAX}
          onChange={(e) => set({ title: e.target.value })}
        />
      </div>
      <div className="of-surveys-field">
        <span id={`${formId}-format`}>{t('format')}</span>
        <Radio.Group
          aria-labelledby={`${formId}-format`}
          value={draft.descriptionFormat}
          onChange={(e) => set({ descriptionFormat: e.target.value as SurveyDescriptionFormat })}
          options={[
            { value: 'text', label: t('formatText') },
            { value: 'html', label: t('formatHtml') },
          ]}
        />
      </div>
      <div className="of-surveys-field">
        <label htmlFor={`${formId}-description`}>{t('description')}</label>
        <Input.TextArea
          id={`${formId}-description`}
          rows={4}
          value={draft.description}
          maxLength={SURVEY_DESCRIPTION_MAX}
          onChange={(e) => set({ description: e.target.value })}
        />
        {draft.descriptionFormat === 'html' ? <p className="of-content-meta">{t('htmlHelp')}</p> : null}
        {draft.descriptionFormat === 'html' && draft.description ? (
          <section aria-label={t('preview')}>
            <div className="of-content-preview" dangerouslySetInnerHTML={{ __html: preview }} />
          </section>
        ) : null}
      </div>
      <div className="of-surveys-dates">
        <div className="of-surveys-field">
          <label htmlFor={`${formId}-opens`}>{t('opensOn')}</label>
          <Input
            id={`${formId}-opens`}
            type="date"
            value={draft.opensOn}
            onChange={(e) => set({ opensOn: e.target.value })}
          />
        </div>
        <div className="of-surveys-field">
          <label htmlFor={`${formId}-due`}>{t('dueOn')}</label>
          <Input
            id={`${formId}-due`}
            type="date"
            value={draft.dueOn}
            onChange={(e) => set({ dueOn: e.target.value })}
          />
        </div>
      </div>
      <p className="of-content-meta">{t('periodHelp')}</p>
      <Checkbox checked={draft.anonymous} onChange={(e) => set({ anonymous: e.target.checked })}>
        {t('anonymousLabel')}
      </Checkbox>
      <h4 className="of-surveys-heading">{t('questions')}</h4>
      {locked ? <Alert type="info" showIcon message={t('lockedNote', { count: survey?.answerCount ?? 0 })} /> : null}
      <ol className="of-surveys-questions">
        {draft.questions.map((q, i) => (
          <QuestionEditor
            key={q.key}
            n={i + 1}
            total={draft.questions.length}
            question={q}
            locked={locked}
            onChange={(patch) => setQuestion(i, patch)}
            onMove={(by) => setDraft((d) => ({ ...d, questions: moved(d.questions, i, by) }))}
            onRemove={() => setDraft((d) => ({ ...d, questions: d.questions.filter((_, n) => n !== i) }))}
          />
        ))}
      </ol>
      {!locked && draft.questions.length < SURVEY_MAX_QUESTIONS ? (
        <div className="of-content-actions">
          <Button onClick={() => set({ questions: [...draft.questions, newQuestion('single')] })}>
            {t('addSingle')}
          </Button>
          <Button onClick={() => set({ questions: [...draft.questions, newQuestion('multiple')] })}>
            {t('addMultiple')}
          </Button>
          <Button onClick={() => set({ questions: [...draft.questions, newQuestion('text')] })}>{t('addText')}</Button>
        </div>
      ) : null}
      {problem ? (
        <p className="of-surveys-error" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="of-content-actions">
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('save')}
        </Button>
        <Button onClick={onDone}>{t('back')}</Button>
      </div>
    </form>
  );
}

function QuestionEditor({
  n,
  total,
  question: q,
  locked,
  onChange,
  onMove,
  onRemove,
}: {
  n: number;
  total: number;
  question: QuestionDraft;
  locked: boolean;
  onChange: (patch: Partial<QuestionDraft>) => void;
  onMove: (by: number) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('adminSurveys');
  const id = useId();
  const setOption = (i: number, label: string) =>
    onChange({ options: q.options.map((o, k) => (k === i ? { ...o, label } : o)) });
  return (
    <li className="of-surveys-question" data-testid="survey-question">
      <fieldset disabled={locked} className="of-surveys-fieldset">
        <legend className="of-surveys-legend">{t('questionN', { n })}</legend>
        <div className="of-surveys-row">
          <div className="of-surveys-field of-surveys-grow">
            <label htmlFor={`${id}-prompt`}>{t('prompt')}</label>
            <Input
              id={`${id}-prompt`}
              value={q.prompt}
              maxLength={SURVEY_PROMPT_MAX}
              onChange={(e) => onChange({ prompt: e.target.value })}
            />
          </div>
          <div className="of-surveys-field">
            <label htmlFor={`${id}-kind`}>{t('kind')}</label>
            <Select
              id={`${id}-kind`}
              value={q.kind}
              disabled={locked}
              style={{ minWidth: 140 }}
              onChange={(kind: SurveyQuestionKind) =>
                onChange({
                  kind,
                  options: kind === 'text' ? [] : q.options.length >= 2 ? q.options : [newOption(), newOption()],
                })
              }
              options={(['single', 'multiple', 'text'] as const).map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
            />
          </div>
        </div>
        <Checkbox checked={q.required} onChange={(e) => onChange({ required: e.target.checked })}>
          {t('requiredLabel')}
        </Checkbox>
        {q.kind === 'multiple' ? (
          <div className="of-surveys-row">
            <div className="of-surveys-field">
              <label htmlFor={`${id}-min`}>{t('minChoices')}</label>
              <InputNumber
                id={`${id}-min`}
                min={1}
                max={SURVEY_MAX_OPTIONS}
                value={q.minChoices}
                onChange={(v) => onChange({ minChoices: v ?? null })}
              />
            </div>
            <div className="of-surveys-field">
              <label htmlFor={`${id}-max`}>{t('maxChoices')}</label>
              <InputNumber
                id={`${id}-max`}
                min={1}
                max={SURVEY_MAX_OPTIONS}
                value={q.maxChoices}
                onChange={(v) => onChange({ maxChoices: v ?? null })}
              />
            </div>
          </div>
        ) : null}
        {q.kind === 'text' ? <p className="of-content-meta">{t('textHelp')}</p> : null}
        {q.kind !== 'text' ? (
          <ol className="of-surveys-options" aria-label={t('optionsOf', { n })}>
            {q.options.map((o, i) => (
              <li key={o.key} className="of-surveys-option">
                <Input
                  aria-label={t('optionN', { n: i + 1 })}
                  value={o.label}
                  maxLength={SURVEY_OPTION_MAX}
                  onChange={(e) => setOption(i, e.target.value)}
                />
                <Button
                  size="small"
                  aria-label={t('optionUp', { n: i + 1 })}
                  disabled={i === 0}
                  onClick={() => onChange({ options: moved(q.options, i, -1) })}
                >
                  ↑
                </Button>
                <Button
                  size="small"
                  aria-label={t('optionDown', { n: i + 1 })}
                  disabled={i === q.options.length - 1}
                  onClick={() => onChange({ options: moved(q.options, i, 1) })}
                >
                  ↓
                </Button>
                <Button
                  size="small"
                  danger
                  aria-label={t('optionRemove', { n: i + 1 })}
                  disabled={q.options.length <= 2}
                  onClick={() => onChange({ options: q.options.filter((_, k) => k !== i) })}
                >
                  ×
                </Button>
              </li>
            ))}
          </ol>
        ) : null}
        <div className="of-content-actions">
          {q.kind !== 'text' && q.options.length < SURVEY_MAX_OPTIONS ? (
            <Button size="small" onClick={() => onChange({ options: [...q.options, newOption()] })}>
              {t('addOption')}
            </Button>
          ) : null}
          <Button size="small" disabled={n === 1} onClick={() => onMove(-1)} aria-label={t('questionUp', { n })}>
            {t('up')}
          </Button>
          <Button size="small" disabled={n === total} onClick={() => onMove(1)} aria-label={t('questionDown', { n })}>
            {t('down')}
          </Button>
          <Button size="small" danger onClick={onRemove} aria-label={t('questionRemove', { n })}>
            {t('remove')}
          </Button>
        </div>
      </fieldset>
    </li>
  );
}

// ---- the results --------------------------------------------------------------------------------

function SurveyResultsView({ id, onBack }: { id: number; onBack: () => void }) {
  const { t } = useTranslation('adminSurveys');
  const results = useSurveyResults(id);
  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    setExporting(true);
    try {
      const data = await fetchSurveyExport(id);
      downloadCsv(
        surveyCsvName(data.title),
        surveyCsv(data, {
          responseId: t('csv.responseId'),
          submittedAt: t('csv.submittedAt'),
          account: t('csv.account'),
          readerName: t('csv.readerName'),
        }),
      );
    } finally {
      setExporting(false);
    }
  };
  if (!results.data) return results.isPending ? <Spin /> : <Empty />;
  const r = results.data;
  return (
    <section className="of-surveys-results" aria-labelledby="of-surveys-results-title">
      <div className="of-content-actions">
        <Button onClick={onBack}>{t('back')}</Button>
        <Button onClick={() => void exportCsv()} loading={exporting}>
          {t('exportCsv')}
        </Button>
      </div>
      <h3 id="of-surveys-results-title" className="of-surveys-heading">
        {t('resultsTitle', { title: r.title })}
      </h3>
      <p className="of-content-meta" data-testid="survey-responses">
        {t('responses', { count: r.responses })}
      </p>
      <ol className="of-surveys-result-list">
        {r.questions.map((q, i) => (
          <li key={q.questionId} className="of-surveys-result" data-testid="survey-result">
            <h4 className="of-surveys-prompt">
              {i + 1}. {q.prompt}
            </h4>
            <p className="of-content-meta">
              {t(`kinds.${q.kind}`)} · {t('answered', { count: q.answered })}
            </p>
            {q.kind === 'text' ? (
              <TextAnswers surveyId={id} questionId={q.questionId} />
            ) : (
              <table className="of-surveys-bars">
                <caption className="of-surveys-sr">{t('countsOf', { n: i + 1 })}</caption>
                <thead className="of-surveys-sr">
                  <tr>
                    <th scope="col">{t('option')}</th>
                    <th scope="col">{t('count')}</th>
                    <th scope="col">{t('share')}</th>
                  </tr>
                </thead>
                <tbody>
                  {q.options.map((o) => {
                    const pct = q.answered ? Math.round((o.count / q.answered) * 1000) / 10 : 0;
                    return (
                      <tr key={o.optionId}>
                        <th scope="row" className="of-surveys-bar-label">
                          {o.label}
                        </th>
                        <td className="of-surveys-bar-cell">
                          <span className="of-surveys-bar" aria-hidden="true">
                            <span className="of-surveys-bar-fill" style={{ width: `${pct}%` }} />
                          </span>
                          <span>{o.count}</span>
                        </td>
                        <td className="of-surveys-bar-pct">{pct}%</td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

function TextAnswers({ surveyId, questionId }: { surveyId: number; questionId: number }) {
  const { t } = useTranslation('adminSurveys');
  const [page, setPage] = useState(1);
  const texts = useSurveyTexts(surveyId, questionId, page);
  if (!texts.data) return texts.isPending ? <Spin /> : null;
  if (!texts.data.totalCount) return <p className="of-content-meta">{t('noTexts')}</p>;
  return (
    <>
      <ul className="of-surveys-texts">
        {texts.data.list.map((a, i) => (
          <li key={`${page}-${i}`}>
            <p className="of-surveys-text">{a.text}</p>
            <p className="of-content-meta">
              {[a.account, new Date(a.submittedAt).toLocaleString()].filter(Boolean).join(' · ')}
            </p>
          </li>
        ))}
      </ul>
      {texts.data.totalCount > TEXT_ROWS ? (
        <Pagination
          size="small"
          current={page}
          pageSize={TEXT_ROWS}
          total={texts.data.totalCount}
          onChange={setPage}
          showSizeChanger={false}
        />
      ) : null}
    </>
  );
}
