import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SubjectRecord, Thesis } from '@openfind/contract';
import { Button } from '../../../components/Button';
import { Pagination } from '../../../components/Pagination';

/** A look-up that failed: said in place, with a retry. */
export function Quiet({ text, retry }: { text: string; retry?: () => unknown }) {
  const { t } = useTranslation('subjects');
  return (
    <p className="of-sub-quiet">
      {text}{' '}
      {retry ? (
        <Button size="small" onClick={() => void retry()}>
          {t('common.retry')}
        </Button>
      ) : null}
    </p>
  );
}

/** Pages under a list; nothing when all fits on one page. */
export function Pager(props: {
  page: number;
  rows: number;
  total: number;
  onChange: (page: number) => void;
  label: string;
}) {
  if (props.total <= props.rows) return null;
  return (
    <Pagination
      current={props.page}
      pageSize={props.rows}
      total={props.total}
      hrefOf={(page) => {
        const url = new URL(window.location.href);
        url.searchParams.set('page', String(page));
        return url.pathname + url.search;
      }}
      onChange={props.onChange}
      label={props.label}
    />
  );
}

/** A catalogue record in a list: title to its page, author, imprint, what the shelves hold. */
export function RecordItem({ r }: { r: SubjectRecord }) {
  const { t } = useTranslation('subjects');
  const available = r.onShelfCount > 0 || r.eCount > 0;
  return (
    <li className="of-sub-record">
      <Link to={`/searchList/bookDetails/${r.recordId}`} className="of-sub-record-title">
        {r.title}
      </Link>
      <span className="of-sub-meta">{[r.author, r.publisher, r.year, r.clc].filter(Boolean).join(' · ')}</span>
      <span className={`of-sub-badge${available ? ' of-sub-badge--ok' : ''}`}>
        {r.eCount > 0 && !r.onShelfCount
          ? t('common.online')
          : r.physicalCount
            ? t('common.onShelf', { on: r.onShelfCount, all: r.physicalCount })
            : t('common.noCopies')}
      </span>
    </li>
  );
}

/** A thesis in a list: title, author, degree, supervisor, year, department, keywords, its full text. */
export function ThesisItem({ thesis }: { thesis: Thesis }) {
  const { t } = useTranslation('subjects');
  return (
    <li className="of-sub-record of-sub-thesis" data-testid="thesis">
      <Link to={`/searchList/bookDetails/${thesis.recordId}`} className="of-sub-record-title">
        {thesis.title}
      </Link>
      <span className="of-sub-meta">
        {[
          thesis.author,
          thesis.degree ? t(`degree.${thesis.degree}`) : '',
          thesis.supervisor ? t('theses.supervisor', { name: thesis.supervisor }) : '',
          thesis.year ?? '',
          thesis.departmentName,
          thesis.discipline,
        ]
          .filter(Boolean)
          .join(' · ')}
      </span>
      {thesis.keywords.length ? (
        <span className="of-sub-meta">{t('theses.keywords', { words: thesis.keywords.join('；') })}</span>
      ) : null}
      <span className="of-sub-fulltext">
        {thesis.fullTextUrl ? (
          <a
            href={thesis.fullTextUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="of-sub-badge of-sub-badge--ok"
          >
            {t(`fullText.${thesis.fullText}`)}
          </a>
        ) : (
          <span className="of-sub-badge">{t(`fullText.${thesis.fullText}`, { date: thesis.embargoUntil ?? '' })}</span>
        )}
      </span>
    </li>
  );
}
