import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import {
  EMPTY_SEARCH,
  JOURNAL_ID,
  journalPath,
  newSearch,
  searchUrl,
  type JournalPackageCoverage,
} from '@openfind/contract';
import { setPageTitle } from '../../../lib/document-title';
import { countJournalView, useJournal } from '../api';

/** A date of a coverage range as the reader reads it: the year (KBART dates are mostly years). */
const yearOf = (d: string | null) => (d ? d.slice(0, 4) : '');

/** "1998–2005, 2008–" with "; latest 1 year not available". */
export function coverageText(c: JournalPackageCoverage, t: TFunction<'journals'>) {
  const ranges = c.ranges.map((r) => `${yearOf(r.from) || '…'}–${r.to ? yearOf(r.to) : ''}`).join(', ');
  if (!c.embargo) return ranges;
  const { kind, months } = c.embargo;
  const span = months % 12 === 0 ? t('detail.years', { count: months / 12 }) : t('detail.months', { count: months });
  return `${ranges}; ${t(kind === 'R' ? 'detail.embargoRecent' : 'detail.embargoOlder', { span })}`;
}

/** /magazineNavDetail?id= (or ?issn=): a journal's page. */
export function JournalDetailView() {
  const { t, i18n } = useTranslation('journals');
  const [params] = useSearchParams();
  const raw = (params.get('id') ?? params.get('issn') ?? '').trim().toUpperCase();
  const id = JOURNAL_ID.test(raw) ? raw : /^\d{8}$|^\d{7}X$/.test(raw) ? `${raw.slice(0, 4)}-${raw.slice(4)}` : '';
  const journal = useJournal(id, i18n.language);
  const j = journal.data;
  useEffect(() => {
    if (j) setPageTitle(j.title);
    return () => setPageTitle('');
  }, [j]);
  const viewed = j?.id;
  useEffect(() => {
    if (viewed) countJournalView(viewed);
  }, [viewed]);
  if (!id || journal.isError)
    return (
      <div className="of-page of-jn-page">
        <h1 className="of-jn-title">{t('titles.detail')}</h1>
        <p role="alert">{(id && journal.error?.message) || t('detail.notFound')}</p>
        <p>
          <Link to="/magazineNav">{t('detail.back')}</Link>
        </p>
      </div>
    );
  if (!j) return <div className="of-page of-jn-page" aria-busy="true" />;
  const issns = [j.issn, j.eissn].filter(Boolean);
  const searchLink = issns[0] ? searchUrl(newSearch(EMPTY_SEARCH, 'issn', issns[0], '1')) : '';
  const facts: Array<[string, string]> = [
    ['ISSN', j.issn],
    ['eISSN', j.eissn],
    [t('detail.publisher'), [j.publisher, j.publishPlace].filter(Boolean).join(', ')],
    [t('detail.frequency'), j.frequency],
    [t('detail.class'), [j.classCode, j.className].filter(Boolean).join(' ')],
    [t('detail.otherTitles'), j.otherTitles.join('; ')],
  ];
  return (
    <div className="of-page of-jn-page">
      <p className="of-jn-crumbs">
        <Link to="/magazineNav">{t('titles.nav')}</Link>
      </p>
      <h1 className="of-jn-title" data-testid="journal-title">
        {j.title}
      </h1>
      <p className="of-jn-badges">
        {j.print ? <span className="of-jn-badge">{t('carrier.print')}</span> : null}
        {j.electronic ? <span className="of-jn-badge of-jn-badge--e">{t('carrier.electronic')}</span> : null}
        {j.marks.map((m) => (
          <span key={m.code} className="of-jn-badge of-jn-badge--core">
            {m.name}
            {m.edition ? ` ${m.edition}` : ''}
          </span>
        ))}
      </p>
      <dl className="of-jn-facts">
        {facts
          .filter(([, v]) => v)
          .map(([k, v]) => (
            <div key={k}>
              <dt>{k}</dt>
              <dd>{v}</dd>
            </div>
          ))}
      </dl>
      {searchLink ? (
        <p>
          <Link className="of-btn of-btn--primary" to={searchLink} data-testid="journal-search">
            {t('detail.searchRecords')}
          </Link>
        </p>
      ) : null}
      <section className="of-jn-box" aria-labelledby="of-jn-print">
        <h2 id="of-jn-print">{t('detail.print')}</h2>
        {j.holdings.length ? (
          j.holdings.map((h) => (
            <div key={`${h.libName}|${h.locationName}`} className="of-jn-holding">
              <h3>{[h.libName, h.locationName].filter(Boolean).join(' · ')}</h3>
              <p className="of-jn-quiet">
                {[
                  h.callNo ? `${t('detail.callNo')}: ${h.callNo}` : '',
                  h.years ? t('detail.yearsHeld', { years: h.years }) : '',
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </p>
              <div className="of-jn-table-wrap">
                <table className="of-jn-table">
                  <thead>
                    <tr>
                      <th scope="col">{t('detail.year')}</th>
                      <th scope="col">{t('detail.volume')}</th>
                      <th scope="col">{t('detail.copies')}</th>
                      <th scope="col">{t('detail.onShelf')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {h.issues.map((i) => (
                      <tr key={`${i.year}|${i.vol}`}>
                        <td>{i.year}</td>
                        <td>{i.vol}</td>
                        <td>{i.itemCount}</td>
                        <td>{i.onShelfCount}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </div>
          ))
        ) : (
          <p className="of-jn-quiet">{j.print ? t('detail.noIssues') : t('detail.noPrint')}</p>
        )}
        {j.records.length ? (
          <p className="of-jn-quiet">
            {t('detail.records')}{' '}
            {j.records.map((r, n) => (
              <span key={r.recordId}>
                {n ? ', ' : ''}
                <Link to={`/searchList/bookDetails/${r.recordId}`}>{r.title}</Link>
              </span>
            ))}
          </p>
        ) : null}
      </section>
      <section className="of-jn-box" aria-labelledby="of-jn-e">
        <h2 id="of-jn-e">{t('detail.electronic')}</h2>
        {j.coverage.length ? (
          <ul className="of-jn-coverage">
            {j.coverage.map((c) => (
              <li key={c.packageCode} data-testid={`coverage-${c.packageCode}`}>
                <strong>{c.packageName}</strong>
                {c.openAccess ? <span className="of-jn-badge of-jn-badge--e">{t('detail.openAccess')}</span> : null}
                <p>
                  {t('detail.coverage')}: {coverageText(c, t)}
                </p>
                {c.url ? (
                  <a href={c.url} target="_blank" rel="noopener noreferrer">
                    {t('detail.read', { name: c.packageName })}
                  </a>
                ) : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="of-jn-quiet">{t('detail.noElectronic')}</p>
        )}
      </section>
      {j.preceding.length || j.succeeding.length ? (
        <section className="of-jn-box" aria-labelledby="of-jn-history">
          <h2 id="of-jn-history">{t('detail.history')}</h2>
          <ul>
            {j.preceding.map((p) => (
              <li key={p.id}>
                {t('detail.continues')} <Link to={journalPath(p.id)}>{p.title}</Link>
              </li>
            ))}
            {j.succeeding.map((p) => (
              <li key={p.id}>
                {t('detail.continuedBy')} <Link to={journalPath(p.id)}>{p.title}</Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
