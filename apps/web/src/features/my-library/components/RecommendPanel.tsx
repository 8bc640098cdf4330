import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  RECOMMEND_MAX_LENGTH,
  RECOMMEND_TABS,
  normalizeIsbn,
  type CodeName,
  type RecommendKind,
  type RecommendLookup,
  type RecommendTab,
  type Recommendation,
} from '@openfind/contract';
import { Button } from '../../../components/Button';
import { Pagination } from '../../../components/Pagination';
import { notify } from '../../../lib/antd';
import { ApiError } from '../../../lib/http';
import { recordPath } from '../../../lib/record-path';
import { loadNamespace } from '../../lang';
import {
  RECOMMEND_ROWS,
  useCancelRecommendation,
  useRecommendLookup,
  useRecommendState,
  useRecommendations,
  useSaveRecommendation,
} from '../api/recommendations';
import { localDateTime } from '../points-format';
import { PanelStatus, hasData } from './PanelStatus';
import './recommend.css';

// Its texts load with the panel.
await loadNamespace('recommend');

/**
 * Resource recommendation (key 6, also /personalCenter/freeOrder): a book is looked up by title and
 * ISBN first — the catalogue may hold it — then suggested with its details; journals and e-resources
 * take the custom form's fields. Below, the reader's recommendations by the behaviour tabs, with
 * their counts, replies and holdings, and cancelling one still unprocessed.
 */
export function RecommendPanel() {
  const { t } = useTranslation('recommend');
  const state = useRecommendState();
  if (!hasData(state)) return <PanelStatus query={state} failed={t('loadFailed')} />;
  const s = state.data;
  return (
    <div className="of-rec">
      {s.isAllowRecommend ? (
        <>
          <p className="of-rec-quota" data-testid="rec-quota">
            {s.isMaxRecommend
              ? t('quotaUsed', { quota: s.dailyQuota })
              : t('quota', { remaining: s.remaining, quota: s.dailyQuota })}
          </p>
          {s.refusal ? (
            <p className="of-rec-refusal" role="status">
              {s.refusal}
            </p>
          ) : null}
          {!s.refusal && !s.isMaxRecommend && s.kinds.length ? (
            <RecommendForm kinds={s.kinds} reasons={s.purchaseReasonList} />
          ) : null}
        </>
      ) : (
        <p className="of-loans-note">{t('notTaking')}</p>
      )}
      <RecommendList />
    </div>
  );
}

type Fields = {
  title: string;
  isbn: string;
  author: string;
  publisher: string;
  publishYear: string;
  price: string;
  reason: string;
  note: string;
  language: '' | 'chinese' | 'western';
  frequency: string;
  resourceName: string;
  subject: string;
  docTypes: string;
  url: string;
};
const EMPTY: Fields = {
  title: '',
  isbn: '',
  author: '',
  publisher: '',
  publishYear: '',
  price: '',
  reason: '',
  note: '',
  language: '',
  frequency: '',
  resourceName: '',
  subject: '',
  docTypes: '',
  url: '',
};

/** The text fields each kind shows after the title and ISBN, in order. */
const KIND_FIELDS: Record<RecommendKind, (keyof Fields)[]> = {
  book: ['author', 'publisher', 'publishYear', 'price'],
  journal: ['publisher', 'frequency', 'subject', 'url'],
  eresource: ['publisher', 'subject', 'docTypes', 'url'],
};

function RecommendForm({ kinds, reasons }: { kinds: RecommendKind[]; reasons: CodeName[] }) {
  const { t } = useTranslation('recommend');
  const base = useId();
  const idOf = (name: string) => `${base}-${name}`;
  // `?kind=eresource` or `journal`: the form a navigation page's "recommend a resource" opens with.
  const [params] = useSearchParams();
  const asked = kinds.find((k) => k === params.get('kind'));
  const [kind, setKind] = useState<RecommendKind>(asked ?? kinds[0] ?? 'book');
  const [f, setF] = useState<Fields>(EMPTY);
  const [error, setError] = useState<{ field: keyof Fields | null; text: string } | null>(null);
  const [found, setFound] = useState<RecommendLookup | null>(null);
  const lookup = useRecommendLookup();
  const save = useSaveRecommendation();
  const set = (name: keyof Fields, value: string) => {
    setF((x) => ({ ...x, [name]: value }));
    if (name === 'isbn' || name === 'title') setFound(null);
  };
  const fail = (field: keyof Fields | null, text: string) => {
    setError({ field, text });
    if (field) document.getElementById(idOf(field))?.focus();
  };
  const serverFailed = (e: unknown) => setError({ field: null, text: e instanceof ApiError ? e.message : t('failed') });

  const onLookup = () => {
    if (!f.title.trim()) return fail('title', t('errors.lookupNeedsBoth'));
    if (!f.isbn.trim()) return fail('isbn', t('errors.lookupNeedsBoth'));
    if (!normalizeIsbn(f.isbn)) return fail('isbn', t('errors.isbn'));
    setError(null);
    lookup.mutate({ isbn: f.isbn, title: f.title }, { onSuccess: ({ data }) => setFound(data), onError: serverFailed });
  };

  // A book is looked up first; its other fields show once it has been.
  const needsLookup = kind === 'book' && found === null;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (needsLookup) return onLookup();
    if (kind === 'eresource' && !f.resourceName.trim()) return fail('resourceName', t('errors.resourceName'));
    if (kind !== 'eresource' && !f.title.trim()) return fail('title', t('errors.title'));
    if (f.isbn.trim() && !normalizeIsbn(f.isbn)) return fail('isbn', t('errors.isbn'));
    if (f.url.trim() && !/^https?:\/\/\S+$/i.test(f.url.trim())) return fail('url', t('errors.url'));
    setError(null);
    if (save.isPending) return;
    save.mutate(
      { kind, ...f },
      {
        onSuccess: ({ message }) => {
          notify('success', message);
          setF(EMPTY);
          setFound(null);
        },
        onError: serverFailed,
      },
    );
  };

  const input = (name: keyof Fields, required = false) => {
    const isWrong = error?.field === name;
    return (
      <div key={name} className={`of-field${isWrong ? ' has-error' : ''}`}>
        <label htmlFor={idOf(name)}>
          {t(`fields.${name}`)}
          {required ? (
            <span className="of-required" aria-hidden="true">
              {' *'}
            </span>
          ) : null}
        </label>
        {name === 'note' ? (
          <textarea
            id={idOf(name)}
            className="of-input"
            rows={3}
            value={f[name]}
            maxLength={RECOMMEND_MAX_LENGTH.note}
            onChange={(e) => set(name, e.target.value)}
          />
        ) : (
          <input
            id={idOf(name)}
            className="of-input"
            type={name === 'url' ? 'url' : 'text'}
            inputMode={name === 'isbn' ? 'numeric' : undefined}
            value={f[name]}
            maxLength={RECOMMEND_MAX_LENGTH[name as keyof typeof RECOMMEND_MAX_LENGTH] ?? 200}
            aria-required={required || undefined}
            aria-invalid={isWrong || undefined}
            aria-describedby={isWrong ? idOf('error') : name === 'isbn' ? idOf('isbn-hint') : undefined}
            onChange={(e) => set(name, e.target.value)}
          />
        )}
        {name === 'isbn' ? (
          <p id={idOf('isbn-hint')} className="of-field-hint">
            {t('hints.isbn')}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <form className="of-address-form of-rec-form" noValidate onSubmit={onSubmit} aria-labelledby={idOf('title-h')}>
      <h3 id={idOf('title-h')} className="of-address-form-title">
        {t('formTitle')}
      </h3>
      {kinds.length > 1 ? (
        <fieldset className="of-rec-kinds">
          <legend>{t('kindLabel')}</legend>
          {kinds.map((k) => (
            <label key={k} className="of-field-check">
              <input
                type="radio"
                name={idOf('kind')}
                value={k}
                checked={kind === k}
                onChange={() => {
                  setKind(k);
                  setFound(null);
                  setError(null);
                }}
              />
              {t(`kinds.${k}`)}
            </label>
          ))}
        </fieldset>
      ) : null}
      {error ? (
        <p id={idOf('error')} className="of-address-form-summary" role="alert">
          {error.text}
        </p>
      ) : null}
      {kind === 'eresource' ? input('resourceName', true) : null}
      {input('title', kind !== 'eresource')}
      {kind === 'book' ? input('isbn', true) : null}
      {kind === 'book' ? (
        <div className="of-rec-lookup">
          <Button onClick={onLookup} busy={lookup.isPending}>
            {t('lookup')}
          </Button>
          {found ? <LookupResult found={found} /> : <p className="of-field-hint">{t('lookupFirst')}</p>}
        </div>
      ) : null}
      {needsLookup ? null : (
        <>
          {KIND_FIELDS[kind].map((name) => input(name))}
          <div className="of-field">
            <label htmlFor={idOf('language')}>{t('fields.language')}</label>
            <select
              id={idOf('language')}
              className="of-select"
              value={f.language}
              onChange={(e) => set('language', e.target.value)}
            >
              <option value="">{t('languages.none')}</option>
              <option value="chinese">{t('languages.chinese')}</option>
              <option value="western">{t('languages.western')}</option>
            </select>
          </div>
          <div className="of-field">
            <label htmlFor={idOf('reason')}>{t('fields.reason')}</label>
            <select
              id={idOf('reason')}
              className="of-select"
              value={f.reason}
              onChange={(e) => set('reason', e.target.value)}
            >
              <option value="">{t('reasonNone')}</option>
              {reasons.map((r) => (
                <option key={r.code} value={r.code}>
                  {r.name}
                </option>
              ))}
            </select>
          </div>
          {input('note')}
          <div className="of-address-form-actions">
            <Button type="submit" variant="primary" busy={save.isPending}>
              {found?.held ? t('submitAnyway') : t('submit')}
            </Button>
          </div>
        </>
      )}
    </form>
  );
}

function LookupResult({ found }: { found: RecommendLookup }) {
  const { t } = useTranslation('recommend');
  return (
    <div className="of-rec-found" role="status">
      {found.held ? (
        <>
          <p className="of-rec-held">{t('held')}</p>
          <ul>
            {found.records.map((r) => (
              <li key={r.recordId}>
                <Link to={recordPath(r.recordId)}>{r.title}</Link>
                {[r.author, r.publisher, r.publishYear].filter(Boolean).length
                  ? ` — ${[r.author, r.publisher, r.publishYear].filter(Boolean).join(' / ')}`
                  : ''}
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="of-rec-notheld">{t('notHeld')}</p>
      )}
      {found.openRecommendationId !== null ? <p>{t('alreadyOpen')}</p> : null}
    </div>
  );
}

function RecommendList() {
  const { t } = useTranslation('recommend');
  const [tab, setTab] = useState<RecommendTab>('all');
  const [page, setPage] = useState(1);
  const recs = useRecommendations(tab, page);
  const list = recs.data?.list ?? [];
  return (
    <section className="of-rec-records" aria-labelledby="of-rec-records-h">
      <h3 id="of-rec-records-h" className="of-rec-records-title">
        {t('records')}
      </h3>
      <div role="group" aria-label={t('tabsLabel')} className="of-fines-tabs">
        {RECOMMEND_TABS.map((key) => (
          <button
            key={key}
            type="button"
            className="of-fines-tab"
            aria-pressed={key === tab}
            onClick={() => {
              setTab(key);
              setPage(1);
            }}
          >
            {t(`tabs.${key}`)}
            <span className="of-fines-tab-count">{recs.data?.counts[key] ?? 0}</span>
          </button>
        ))}
      </div>
      {!hasData(recs) ? (
        <PanelStatus query={recs} failed={t('loadFailed')} />
      ) : !list.length ? (
        <p className="of-loans-note">{t('empty')}</p>
      ) : (
        <>
          <ul className="of-loans-list" aria-label={t('records')}>
            {list.map((r) => (
              <RecommendItem key={r.id} rec={r} />
            ))}
          </ul>
          {recs.data.totalCount > RECOMMEND_ROWS ? (
            <Pagination
              current={page}
              pageSize={RECOMMEND_ROWS}
              total={recs.data.totalCount}
              hrefOf={() => '#'}
              onChange={setPage}
              label={t('pages')}
            />
          ) : null}
        </>
      )}
    </section>
  );
}

function RecommendItem({ rec }: { rec: Recommendation }) {
  const { t } = useTranslation('recommend');
  const cancel = useCancelRecommendation();
  const [isConfirming, setIsConfirming] = useState(false);
  const confirmId = useId();
  const onCancel = () =>
    cancel.mutate(rec.id, {
      onSuccess: ({ message }) => notify('success', message),
      onSettled: () => setIsConfirming(false),
    });
  const fields: [string, string][] = [
    [t('fields.kind'), t(`kinds.${rec.kind}`)],
    ...(rec.isbn ? ([[t('fields.isbn'), rec.isbn]] as [string, string][]) : []),
    ...(rec.author ? ([[t('fields.author'), rec.author]] as [string, string][]) : []),
    ...(rec.publisher ? ([[t('fields.publisher'), rec.publisher]] as [string, string][]) : []),
    ...(rec.reasonName ? ([[t('fields.reason'), rec.reasonName]] as [string, string][]) : []),
  ];
  return (
    <li className="of-loan of-rec-item" data-testid="recommendation">
      <div className="of-loan-body">
        <p className="of-loan-title">
          {rec.title}
          <span className={`of-rec-status is-${rec.status}`}>{t(`tabs.${rec.status}`)}</span>
        </p>
        <dl className="of-loan-fields">
          {fields.map(([k, v]) => (
            <div key={k}>
              <dt>{k}</dt>
              <dd>{v}</dd>
            </div>
          ))}
          <div>
            <dt>{t('fields.suggestDate')}</dt>
            <dd>
              <time dateTime={rec.createdAt}>{localDateTime(rec.createdAt)}</time>
            </dd>
          </div>
        </dl>
        {rec.kind === 'book' ? (
          <p className="of-loan-state">
            {rec.held && rec.recordId !== null ? (
              <Link to={recordPath(rec.recordId)}>{t('held')}</Link>
            ) : (
              t('noHoldings')
            )}
          </p>
        ) : null}
        {rec.reply ? <p className="of-rec-reply">{t('reply', { reply: rec.reply })}</p> : null}
      </div>
      {rec.status === 'unprocessed' ? (
        isConfirming ? (
          <div className="of-request-confirm" role="group" aria-labelledby={confirmId}>
            <p id={confirmId} className="of-address-confirm-text">
              {t('confirmCancel')}
            </p>
            <Button size="small" variant="primary" busy={cancel.isPending} onClick={onCancel} autoFocus>
              {t('cancelYes')}
            </Button>
            <Button size="small" onClick={() => setIsConfirming(false)}>
              {t('cancelNo')}
            </Button>
          </div>
        ) : (
          <Button size="small" onClick={() => setIsConfirming(true)}>
            {t('cancel')}
            <span className="of-visually-hidden">{`: ${rec.title}`}</span>
          </Button>
        )
      ) : null}
    </li>
  );
}
