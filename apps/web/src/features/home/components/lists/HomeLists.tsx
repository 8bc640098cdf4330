import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { NewBookTime } from '@openfind/contract';
import { recordPath, searchPath } from '../../../../lib/record-path';
import { listsApi, useListQuery } from '../../../lists';
import { getHotLoan } from '../../../loans';
import type { CollectionKind } from '../../../lists';
import { HomeListSection } from './HomeListSection';
import { useBatchQuery } from './use-batch-query';
import { homeKeys } from '../../query-keys';
import './home-lists.css';

/** Items per batch on the home page. */
const ROWS = 6;
/** Spec §9: the overview lists cover the last month (statRange 30 days; new books `time` '2'). */
const LAST_MONTH_DAYS = 30;
const LAST_MONTH_NEW_BOOKS: NewBookTime = '2';
/** Home lists never report a failure: a list that fails or is empty is hidden (spec §8, issue 5). */
const quiet = (signal: AbortSignal) => ({ signal, silent: true });

/** A compact record list: linked title, then author and a figure. */
function RecordLines({ items }: { items: Array<{ recordId: number; title: string; meta: string }> }) {
  return (
    <ol className="of-home-records">
      {items.map((item) => (
        <li key={item.recordId}>
          <Link to={recordPath(item.recordId)}>{item.title}</Link>
          <span className="of-muted">{item.meta}</span>
        </li>
      ))}
    </ol>
  );
}

function PopularSearches() {
  const { t, i18n } = useTranslation('lists');
  const { data } = useListQuery(homeKeys.popularSearches(i18n.language), (s) => listsApi.popularSearches(quiet(s)));
  if (!data?.length) return null;
  return (
    <HomeListSection title={t('home.popular')} className="of-home-list--wide">
      <ul className="of-chips">
        {data.map((p) => (
          <li key={p.keyWord}>
            <Link className="of-chip" to={searchPath('keyWord', p.keyWord)}>
              {p.keyWord}
            </Link>
          </li>
        ))}
      </ul>
    </HomeListSection>
  );
}

function HotLoans() {
  const { t, i18n } = useTranslation('lists');
  const { data, isFetching, nextFor } = useBatchQuery(
    (page) => homeKeys.hotLoans(i18n.language, page),
    ROWS,
    (page, s) => getHotLoan({ statRange: LAST_MONTH_DAYS, page, rows: ROWS }, quiet(s)),
  );
  if (!data?.result.length) return null;
  return (
    <HomeListSection
      title={t('home.hotLoan')}
      morePath="/readRange"
      onChangeBatch={nextFor(data.totalCount)}
      isFetching={isFetching}
    >
      <RecordLines
        items={data.result.map((r) => ({
          recordId: r.recordId,
          title: r.title,
          meta: [r.author, t('home.loans', { count: r.loanCount })].filter(Boolean).join(' · '),
        }))}
      />
    </HomeListSection>
  );
}

function NewBooks() {
  const { t, i18n } = useTranslation('lists');
  const body = (page: number) => ({
    time: LAST_MONTH_NEW_BOOKS,
    sortField: 'in_date',
    sortClause: 'desc',
    page,
    rows: ROWS,
  });
  const { data, isFetching, nextFor } = useBatchQuery(
    (page) => homeKeys.newBooks(i18n.language, page),
    ROWS,
    (page, s) => listsApi.newBooks(body(page), quiet(s)),
  );
  if (!data?.searchResult.length) return null;
  return (
    <HomeListSection
      title={t('home.newBooks')}
      morePath="/newBookInform"
      onChangeBatch={nextFor(data.numFound)}
      isFetching={isFetching}
    >
      <RecordLines
        items={data.searchResult.map((r) => ({
          recordId: r.recordId,
          title: r.title,
          meta: [r.author, r.publishYear].filter(Boolean).join(' · '),
        }))}
      />
    </HomeListSection>
  );
}

function Collections({ kind }: { kind: CollectionKind }) {
  const { t, i18n } = useTranslation('lists');
  const { data, isFetching, nextFor } = useBatchQuery(
    (page) => homeKeys.collections(kind, i18n.language, page),
    ROWS,
    (page, s) => listsApi.collections(kind, page, ROWS, quiet(s)),
  );
  if (!data?.list.length) return null;
  return (
    <HomeListSection
      title={t(`home.collectionKinds.${kind}`)}
      morePath={`/collect${kind === 'hot' ? '' : `?kind=${kind}`}`}
      onChangeBatch={nextFor(data.totalCount)}
      isFetching={isFetching}
    >
      <ul className="of-home-records">
        {data.list.map((c) => (
          <li key={c.collectionId}>
            <a href={c.url} target="_blank" rel="noopener noreferrer">
              {c.collectionName}
            </a>
            {c.subjects.length ? <span className="of-muted">{c.subjects.join(' · ')}</span> : null}
          </li>
        ))}
      </ul>
    </HomeListSection>
  );
}

function Disciplines() {
  const { t, i18n } = useTranslation('lists');
  const { data } = useListQuery(homeKeys.disciplines(i18n.language), (s) => listsApi.disciplines(quiet(s)));
  const withRecords = (data ?? []).filter((d) => d.count > 0);
  if (!withRecords.length) return null;
  return (
    <HomeListSection title={t('home.disciplines')} className="of-home-list--wide">
      <ul className="of-chips">
        {withRecords.map((d) => (
          <li key={d.code}>
            <Link className="of-chip" to={`/searchList?${new URLSearchParams({ discode1: d.code }).toString()}`}>
              {d.name}
              <span className="of-chip-count">{t('home.records', { count: d.count })}</span>
            </Link>
          </li>
        ))}
      </ul>
    </HomeListSection>
  );
}

function HotBookLists() {
  const { t, i18n } = useTranslation('lists');
  const rows = 3;
  const { data, isFetching, nextFor } = useBatchQuery(
    (page) => homeKeys.hotBookLists(i18n.language, page),
    rows,
    (page, s) => listsApi.hotBookLists(page, rows, quiet(s)),
  );
  if (!data?.list.length) return null;
  return (
    <HomeListSection
      title={t('home.bookLists')}
      morePath="/hotBook"
      onChangeBatch={nextFor(data.totalCount)}
      isFetching={isFetching}
      className="of-home-list--wide"
    >
      <ul className="of-home-booklists">
        {data.list.map((bl) => (
          <li key={bl.bookListId}>
            <h3>{bl.name}</h3>
            <RecordLines
              items={bl.records.slice(0, 3).map((r) => ({ recordId: r.recordId, title: r.title, meta: r.author }))}
            />
          </li>
        ))}
      </ul>
    </HomeListSection>
  );
}

/**
 * Staff's rich text behind a disclosure, cleaned by the same allow-list the server applied when it was
 * saved. The cleaner (DOMPurify, 11 KB) loads when a reader first opens one: the home page does not
 * carry it for text most readers never open.
 */
function RichTextDetails({ summary, html }: { summary: string; html: string }) {
  const [clean, setClean] = useState<string | null>(null);
  return (
    <details
      className="of-home-news-details"
      onToggle={(e) => {
        if (!e.currentTarget.open || clean !== null) return;
        void import('../../../../lib/sanitize-html').then((m) => setClean(m.sanitizeHtml(html)));
      }}
    >
      <summary>{summary}</summary>
      {clean !== null ? <div dangerouslySetInnerHTML={{ __html: clean }} /> : null}
    </details>
  );
}

function DonationNews() {
  const { t, i18n } = useTranslation('lists');
  const { data, isFetching, nextFor } = useBatchQuery(
    (page) => homeKeys.donations(i18n.language, page),
    ROWS,
    (page, s) => listsApi.donateNews(page, ROWS, quiet(s)),
  );
  if (!data?.list.length) return null;
  return (
    <HomeListSection title={t('home.donations')} onChangeBatch={nextFor(data.totalCount)} isFetching={isFetching}>
      <ul className="of-home-records">
        {data.list.map((n) => (
          <li key={n.id}>
            <span>{n.title}</span>
            <span className="of-muted">
              {[n.donorName, t('home.copies', { count: n.copies }), n.publishTime].filter(Boolean).join(' · ')}
            </span>
            {n.content ? <RichTextDetails summary={t('home.donationDetails')} html={n.content} /> : null}
          </li>
        ))}
      </ul>
    </HomeListSection>
  );
}

/** The lists of the home page (below the search box; loaded as their own chunk). */
export function HomeLists() {
  return (
    <div className="of-home-lists">
      <PopularSearches />
      <HotLoans />
      <NewBooks />
      <div className="of-home-collections">
        <Collections kind="hot" />
        <Collections kind="new" />
        <Collections kind="trial" />
      </div>
      <Disciplines />
      <HotBookLists />
      <DonationNews />
    </div>
  );
}

export default HomeLists;
