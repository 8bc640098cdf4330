import { Alert, Tag } from 'antd';
import { Link } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import type { SearchResponse } from '@openfind/contract';
import { searchUrl, updateSearch } from '@openfind/contract';
import type { SearchState } from '@openfind/contract';

type Props = { state: SearchState; result: SearchResponse; onChange: (next: SearchState) => void };

/** Did-you-mean links: the same search with the suggested text. */
export function DidYouMean({ state, suggestions }: { state: SearchState; suggestions: string[] }) {
  const { t } = useTranslation('search');
  if (!suggestions.length || state.rows.length) return null;
  return (
    <p className="of-did-you-mean">
      {t('notices.didYouMean')}{' '}
      {suggestions.map((text, i) => (
        <span key={text}>
          {i > 0 ? t('notices.or') : null}
          <Link to={searchUrl(updateSearch(state, { text, within: [] }))} className="of-did-you-mean-link">
            {text}
          </Link>
        </span>
      ))}
    </p>
  );
}

/** What the page says about the answer: relaxed matching, terms searched within, the deep-paging limit. */
export function SearchNotices({ state, result, onChange }: Props) {
  const { t } = useTranslation('search');
  return (
    <>
      {result.relaxed ? (
        <Alert className="of-notice" type="info" showIcon title={result.notice ?? t('notices.relaxed')} />
      ) : null}
      {result.numFound > 0 ? <DidYouMean state={state} suggestions={result.spellSuggestions} /> : null}
      {state.within.length ? (
        <p className="of-within-terms">
          <span>{t('within.active')}</span>
          {state.within.map((term) => (
            <Tag
              key={term}
              closable
              closeIcon={<span aria-label={t('within.remove', { term })}>×</span>}
              onClose={(e) => {
                e.preventDefault();
                onChange(updateSearch(state, { within: state.within.filter((w) => w !== term) }));
              }}
            >
              {term}
            </Tag>
          ))}
        </p>
      ) : null}
      {result.numFound > result.maxResults ? (
        <Alert
          className="of-notice"
          type="warning"
          showIcon
          title={
            <Trans
              t={t}
              i18nKey="notices.deepPaging"
              values={{ count: result.numFound, max: result.maxResults }}
              components={{ b: <strong /> }}
            />
          }
        />
      ) : null}
    </>
  );
}
