import { Suspense, useDeferredValue, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchErrCode } from '@openfind/contract';
import type { SearchResponse } from '@openfind/contract';
import { setPageTitle } from '../../../lib/document-title';
import { ApiError } from '../../../lib/http';
import { useMediaQuery } from '../../../lib/use-media-query';
import { useSearchFacets, useSearchResults } from '../api/search';
import { Pagination } from '../../../components/Pagination';
import { AdvancedSummary } from '../components/AdvancedSummary';
import { ResultItem } from '../components/ResultItem';
import { ResultsToolbar } from '../components/ResultsToolbar';
import { SearchBar } from '../components/SearchBar';
// Ant Design's parts load after the page's own code: the search bar, rows and pages paint without them (issue 31).
import { Alert, Button, ClassTree, Drawer, FacetPanel, SearchNotices, ZeroResults } from '../components/parts';
import { isRunnable, newSearch, setFilter, toSearchParams, updateSearch } from '@openfind/contract';
import type { SearchState } from '@openfind/contract';
import { useSearchState } from '../use-search-state';
import { useSession } from '../../auth';
// "Subscribe to this search" and its dialog: their own chunks, loaded for a logged-in reader only.
import { SubscribeButton } from '../../subscriptions';
import '../search.css';

/** Narrower than this, the filters move into a drawer. */
const PHONE_QUERY = '(max-width: 767px)';

type Mode = 'search' | 'category';

/** Result rows that fit in a desktop screenful: their covers load at once, the others lazily. */
const ABOVE_THE_FOLD = 3;

/** The results page (/searchList) and the class browse page (/categorySearchList): the URL holds the whole search. */
export function SearchResultsPage({ mode }: { mode: Mode }) {
  const { t } = useTranslation('search');
  const [state, go] = useSearchState();
  const query = useSearchResults(state);
  const facetQuery = useSearchFacets(state);
  const isPhone = useMediaQuery(PHONE_QUERY);
  const [isDrawerOpen, setIsDrawerOpen] = useState(false);
  const title = mode === 'category' ? t('category.title') : t('page.title');
  useEffect(() => {
    setPageTitle(state.text ? `${state.text} - ${title}` : title);
    return () => setPageTitle('');
  }, [state.text, title]);
  // A page of results (rows, facets, their widgets) takes a few hundred milliseconds to render on a slow
  // machine: it is rendered in the background, in slices, so that the page keeps answering input meanwhile.
  const data = useDeferredValue(query.data);
  // Facet counts come in their own call, beside the page (the page never waits for them).
  const facetData = useDeferredValue(facetQuery.data);
  const facetResult = query.isError || facetQuery.isError ? undefined : facetData;
  // Ant Design's parts (search bar, filters…) load once the first page of rows is on screen (the
  // deferred answer, which renders after the query's): on a slow line the rows come first, even when
  // the facet counts arrive before them.
  const isFirstAnswerDue = isRunnable(state) && !query.isError && data === undefined;
  const facets =
    facetResult?.facetIncluded && !isFirstAnswerDue ? (
      <FacetPanel
        state={state}
        facets={facetResult.facetResult}
        onChange={(next) => {
          setIsDrawerOpen(false);
          go(next);
        }}
      />
    ) : null;
  const classCode = state.filters.kindNo?.[0];
  const aside = (
    <>
      {mode === 'category' && !isFirstAnswerDue ? (
        <ClassTree selected={classCode} onSelect={(code) => go(setFilter(state, 'kindNo', code ? [code] : []))} />
      ) : null}
      {facets}
    </>
  );
  const filterCount =
    Object.values(state.filters).reduce((n, values) => n + values.length, 0) +
    (state.yearFrom !== null || state.yearTo !== null ? 1 : 0);
  return (
    <>
      <div className="of-page of-search-page">
        <div className="of-search-top">
          <h1 className="of-search-h1">{title}</h1>
          {mode !== 'search' ? null : (
            <SearchBar
              field={state.field}
              text={state.text}
              matchMode={state.matchMode}
              onSearch={(field, text, matchMode) => go(newSearch(state, field, text, matchMode))}
            />
          )}
          <AdvancedSummary state={state} />
        </div>
        <div className="of-search-layout">
          {isPhone ? null : <aside className="of-search-aside">{aside}</aside>}
          {/* Busy until the answer shown is the latest: the deferred render lags behind the query. */}
          <section
            className="of-search-main"
            aria-labelledby="of-results-heading"
            aria-busy={query.isFetching || data !== query.data}
          >
            {isPhone && (facets || mode === 'category') ? (
              <>
                <button
                  type="button"
                  className="of-btn of-filters-button"
                  onClick={() => setIsDrawerOpen(true)}
                  aria-haspopup="dialog"
                >
                  {filterCount ? t('facets.openWithCount', { count: filterCount }) : t('facets.open')}
                </button>
                <Drawer
                  open={isDrawerOpen}
                  onClose={() => setIsDrawerOpen(false)}
                  title={t('facets.title')}
                  placement="left"
                  size={320}
                  closable={{ 'aria-label': t('facets.close') }}
                >
                  {aside}
                </Drawer>
              </>
            ) : null}
            <Results state={state} mode={mode} query={query} data={data} onChange={go} />
          </section>
        </div>
      </div>
    </>
  );
}

type ResultsProps = {
  state: SearchState;
  mode: Mode;
  query: ReturnType<typeof useSearchResults>;
  /** The answer being shown: the query's, deferred (it lags while a new one renders). */
  data: SearchResponse | undefined;
  onChange: (next: SearchState) => void;
};

/** The right-hand column: nothing asked, loading, failed, no results, or the results with paging. */
function Results({ state, mode, query, data, onChange }: ResultsProps) {
  const { t } = useTranslation('search');
  if (!isRunnable(state)) {
    return (
      <>
        <h2 id="of-results-heading" className="of-visually-hidden">
          {t('page.results')}
        </h2>
        <p className="of-search-empty">{mode === 'category' ? t('category.choose') : t('page.nothing')}</p>
      </>
    );
  }
  if (query.isError) {
    return <SearchFailed state={state} error={query.error} onRetry={() => void query.refetch()} onChange={onChange} />;
  }
  const result = data;
  if (!result) {
    return (
      <>
        <h2 id="of-results-heading" className="of-visually-hidden">
          {t('page.results')}
        </h2>
        <p className="of-visually-hidden" role="status">
          {t('page.loading')}
        </p>
        {/* A block of its own, so that React does not reuse a placeholder for a row (a layout shift). */}
        <div key="skeleton" aria-hidden="true">
          <div className="of-skeleton-row" />
          <div className="of-skeleton-row" />
        </div>
      </>
    );
  }
  const isStale = query.isPlaceholderData || result !== query.data;
  // The class browse page with a class chosen and nothing typed subscribes to the class number.
  const classNo = mode === 'category' && !state.text.trim() ? state.filters.kindNo?.[0] : undefined;
  return <ResultList state={state} result={result} isStale={isStale} onChange={onChange} classNo={classNo} />;
}

type ListProps = {
  state: SearchState;
  result: SearchResponse;
  isStale: boolean;
  onChange: (next: SearchState) => void;
  classNo?: string | undefined;
};

/** The summary, notices, toolbar, the page of records and the pagination. */
function ResultList({ state, result, isStale, onChange, classNo }: ListProps) {
  const { t } = useTranslation('search');
  const { isLoggedIn } = useSession();
  const summaryId = useId();
  const reachable = Math.min(result.numFound, result.maxResults);
  const first = (state.page - 1) * state.pageSize;
  return (
    <>
      <div className="of-results-head">
        <h2 id="of-results-heading" className="of-results-heading">
          {t('page.results')}
        </h2>
        <p id={summaryId} className="of-results-summary" role="status">
          {result.numFound > 0
            ? t('page.found', { count: result.numFound, formatted: result.numFound.toLocaleString() })
            : null}
        </p>
        {isLoggedIn ? (
          <Suspense fallback={null}>
            <SubscribeButton state={state} classNo={classNo} />
          </Suspense>
        ) : null}
      </div>
      <SearchNotices state={state} result={result} onChange={onChange} />
      {result.numFound === 0 ? (
        <ZeroResults state={state} suggestions={result.spellSuggestions} />
      ) : (
        <>
          <ResultsToolbar state={state} onChange={onChange} />
          <ol className={`of-results${isStale ? ' of-results--stale' : ''}`} aria-describedby={summaryId}>
            {result.searchResult.map((record, i) => (
              <ResultItem
                key={record.recordId}
                record={record}
                number={first + i + 1}
                highlight={result.hlResult?.[String(record.recordId)]}
                priority={i < ABOVE_THE_FOLD}
              />
            ))}
          </ol>
          {result.searchResult.length === 0 ? (
            <p className="of-search-empty">
              {t('page.pastEnd')}{' '}
              <button
                type="button"
                className="of-link-button"
                onClick={() => onChange(updateSearch(state, { page: 1 }))}
              >
                {t('page.firstPage')}
              </button>
            </p>
          ) : null}
          <Pagination
            label={t('page.pagination')}
            current={state.page}
            pageSize={state.pageSize}
            total={reachable}
            hrefOf={(page) => `?${toSearchParams(updateSearch(state, { page }))}`}
            onChange={(page) => onChange(updateSearch(state, { page }))}
          />
        </>
      )}
    </>
  );
}

type FailedProps = { state: SearchState; error: Error; onRetry: () => void; onChange: (next: SearchState) => void };

/** A failed search (spec §8: the server's message; nothing of the previous answer is kept). */
function SearchFailed({ state, error, onRetry, onChange }: FailedProps) {
  const { t } = useTranslation('search');
  const isDeepPage = error instanceof ApiError && error.errCode === SearchErrCode.deepPaging;
  return (
    <div className="of-search-failed">
      <h2 id="of-results-heading" className="of-visually-hidden">
        {t('page.results')}
      </h2>
      <Alert
        type={isDeepPage ? 'warning' : 'error'}
        showIcon
        title={isDeepPage ? t('notices.deepPagingTitle') : t('page.failed')}
        description={error.message}
        action={
          isDeepPage ? (
            <Button onClick={() => onChange(updateSearch(state, { page: 1 }))}>{t('page.firstPage')}</Button>
          ) : (
            <Button onClick={onRetry}>{t('page.retry')}</Button>
          )
        }
      />
    </div>
  );
}

/** /searchList. */
export function SearchListPage() {
  return <SearchResultsPage mode="search" />;
}

/** /categorySearchList: the CLC class tree beside the records of the chosen class. */
export function CategorySearchPage() {
  return <SearchResultsPage mode="category" />;
}
