import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import {
  JOURNAL_CARRIERS,
  journalPath,
  type JournalCarrier,
  type JournalClassNode,
  type JournalNavInfo,
  type JournalSummary,
} from '@openfind/contract';
import { Button } from '../../../components/Button';
import { Pagination } from '../../../components/Pagination';
import { setPageTitle } from '../../../lib/document-title';
import { JOURNAL_ROWS, useHotJournals, useJournalList, useJournalNav, type JournalQuery } from '../api';

/** The browse page's state from its address. */
function queryOf(params: URLSearchParams): JournalQuery {
  const carrier = params.get('carrier') ?? '';
  const page = Number(params.get('page') ?? '1');
  return {
    core: (params.get('core') ?? '').slice(0, 20),
    edition: (params.get('edition') ?? '').slice(0, 20),
    classCode: (params.get('class') ?? '').slice(0, 20),
    initial: /^[A-Z#]$/.test(params.get('initial') ?? '') ? params.get('initial')! : '',
    q: (params.get('q') ?? '').slice(0, 100),
    carrier: (JOURNAL_CARRIERS as readonly string[]).includes(carrier) ? (carrier as JournalCarrier) : 'all',
    sort: params.get('sort') === 'hot' ? 'hot' : 'title',
    page: Number.isInteger(page) && page > 0 && page < 10_000 ? page : 1,
  };
}

/** The address of a browse state (only what is set). */
function addressOf(q: JournalQuery): string {
  const p = new URLSearchParams();
  if (q.core) p.set('core', q.core);
  if (q.core && q.edition) p.set('edition', q.edition);
  if (q.classCode) p.set('class', q.classCode);
  if (q.initial) p.set('initial', q.initial);
  if (q.q) p.set('q', q.q);
  if (q.carrier !== 'all') p.set('carrier', q.carrier);
  if (q.sort !== 'title') p.set('sort', q.sort);
  if (q.page > 1) p.set('page', String(q.page));
  const s = p.toString();
  return `/magazineNav${s ? `?${s}` : ''}`;
}

/** /magazineNav: browse journals by core list, CLC class and initial; search; the hot journals. */
export function JournalNavigation() {
  const { t, i18n } = useTranslation('journals');
  const [params, setParams] = useSearchParams();
  const q = queryOf(params);
  const nav = useJournalNav(q.carrier, i18n.language);
  const found = useJournalList(q, i18n.language);
  useEffect(() => {
    setPageTitle(t('titles.nav'));
    return () => setPageTitle('');
  }, [t]);
  /** A new browse: the browse choices replace each other (one way of browsing at a time), the carrier stays. */
  const go = (patch: Partial<JournalQuery>) => {
    const next = { ...q, page: 1, ...patch };
    setParams(new URLSearchParams(addressOf(next).split('?')[1] ?? ''));
  };
  const browse = (patch: Partial<JournalQuery>) =>
    go({ core: '', edition: '', classCode: '', initial: '', q: '', ...patch });
  const chosen = q.core || q.classCode || q.initial || q.q;
  return (
    <div className="of-page of-jn-page">
      <h1 className="of-jn-title">{t('titles.nav')}</h1>
      {nav.data ? (
        <p className="of-jn-quiet" data-testid="journal-totals">
          {t('nav.totals', {
            total: nav.data.total,
            print: nav.data.printCount,
            electronic: nav.data.electronicCount,
          })}
        </p>
      ) : null}
      <SearchForm key={q.q} initial={q.q} onSearch={(text) => browse({ q: text })} />
      <fieldset className="of-jn-carriers">
        <legend>{t('nav.carrier')}</legend>
        {JOURNAL_CARRIERS.map((c) => (
          <label key={c}>
            <input type="radio" name="carrier" checked={q.carrier === c} onChange={() => go({ carrier: c })} />
            {t(`carrier.${c}`)}
          </label>
        ))}
      </fieldset>
      <div className="of-jn-columns">
        <aside className="of-jn-browse" aria-label={t('nav.browse')}>
          {nav.data ? (
            <Browse data={nav.data} q={q} browse={browse} />
          ) : nav.isPending ? (
            <p aria-busy="true" className="of-jn-quiet" />
          ) : (
            <p className="of-jn-quiet" role="alert">
              {t('nav.loadFailed')}{' '}
              <Button size="small" onClick={() => void nav.refetch()}>
                {t('nav.retry')}
              </Button>
            </p>
          )}
        </aside>
        <section className="of-jn-results" aria-labelledby="of-jn-results-title">
          <div className="of-jn-bar">
            <h2 id="of-jn-results-title">
              {chosen ? t('nav.resultsOf', { what: describe(q, nav.data, t) }) : t('nav.all')}
            </h2>
            <label className="of-jn-sort">
              {t('nav.sort')}{' '}
              <select value={q.sort} onChange={(e) => go({ sort: e.target.value === 'hot' ? 'hot' : 'title' })}>
                <option value="title">{t('sort.title')}</option>
                <option value="hot">{t('sort.hot')}</option>
              </select>
            </label>
          </div>
          {chosen ? (
            <p>
              <Button size="small" onClick={() => browse({})}>
                {t('nav.clear')}
              </Button>
            </p>
          ) : null}
          {found.data ? (
            <>
              <p className="of-jn-quiet" aria-live="polite">
                {t('nav.count', { count: found.data.totalCount })}
              </p>
              {found.data.list.length ? (
                <ul className="of-jn-list" aria-labelledby="of-jn-results-title">
                  {found.data.list.map((j) => (
                    <JournalCard key={j.id} journal={j} />
                  ))}
                </ul>
              ) : (
                <p className="of-jn-quiet">{t('nav.none')}</p>
              )}
              <Pagination
                current={q.page}
                pageSize={JOURNAL_ROWS}
                total={found.data.totalCount}
                hrefOf={(page) => addressOf({ ...q, page })}
                onChange={(page) => go({ page })}
                label={t('nav.pages')}
              />
            </>
          ) : found.isPending ? (
            <p aria-busy="true" className="of-jn-quiet" />
          ) : (
            <p className="of-jn-quiet" role="alert">
              {found.error?.message || t('nav.loadFailed')}
            </p>
          )}
        </section>
      </div>
      <HotJournals />
    </div>
  );
}

type T = TFunction<'journals'>;

/** Title words, pinyin initials or an ISSN; starts from the address's words (a new address, a new form). */
function SearchForm({ initial, onSearch }: { initial: string; onSearch: (text: string) => void }) {
  const { t } = useTranslation('journals');
  const [typed, setTyped] = useState(initial);
  const search = (e: FormEvent) => {
    e.preventDefault();
    onSearch(typed.trim());
  };
  return (
    <form className="of-jn-search" role="search" onSubmit={search}>
      <label htmlFor="of-jn-q">{t('nav.searchLabel')}</label>
      <input
        id="of-jn-q"
        type="search"
        value={typed}
        maxLength={100}
        placeholder={t('nav.searchPlaceholder')}
        onChange={(e) => setTyped(e.target.value)}
      />
      <Button type="submit" variant="primary">
        {t('nav.search')}
      </Button>
    </form>
  );
}

/** What the list shows, in words: "北大核心期刊 2023", "TP 自动化技术、计算机技术", "J", "“计算机”". */
function describe(q: JournalQuery, nav: JournalNavInfo | undefined, t: T): string {
  if (q.core) {
    const name = nav?.coreLists.find((l) => l.code === q.core)?.name ?? q.core;
    return q.edition ? `${name} ${q.edition}` : name;
  }
  if (q.classCode) {
    const all = nav?.classes.flatMap((c) => [c, ...c.child]) ?? [];
    const name = all.find((c) => c.code === q.classCode)?.name ?? '';
    return `${q.classCode} ${name}`.trim();
  }
  if (q.initial) return t('nav.initialOf', { letter: q.initial === '#' ? t('nav.other') : q.initial });
  return t('nav.wordsOf', { q: q.q });
}

function Browse({
  data,
  q,
  browse,
}: {
  data: JournalNavInfo;
  q: JournalQuery;
  browse: (patch: Partial<JournalQuery>) => void;
}) {
  const { t } = useTranslation('journals');
  return (
    <>
      <section className="of-jn-box" aria-labelledby="of-jn-core">
        <h2 id="of-jn-core">{t('nav.core')}</h2>
        <ul className="of-jn-chips">
          {/* The lists the library has journals of (and the one chosen). */}
          {data.coreLists
            .filter((l) => l.count > 0 || l.code === q.core)
            .map((l) => (
              <li key={l.code}>
                <button
                  type="button"
                  className="of-jn-chip"
                  aria-pressed={q.core === l.code && !q.edition}
                  disabled={l.count === 0}
                  onClick={() => browse({ core: l.code })}
                  data-testid={`core-${l.code}`}
                >
                  {l.name} <span className="of-jn-count">{l.count}</span>
                </button>
                {q.core === l.code && l.editions.filter(Boolean).length > 1 ? (
                  <span className="of-jn-editions">
                    {l.editions.filter(Boolean).map((e) => (
                      <button
                        key={e}
                        type="button"
                        className="of-jn-chip of-jn-chip--small"
                        aria-pressed={q.edition === e}
                        onClick={() => browse({ core: l.code, edition: e })}
                      >
                        {t('nav.edition', { edition: e })}
                      </button>
                    ))}
                  </span>
                ) : null}
              </li>
            ))}
        </ul>
      </section>
      <section className="of-jn-box" aria-labelledby="of-jn-class">
        <h2 id="of-jn-class">{t('nav.classes')}</h2>
        <ul className="of-jn-tree">
          {data.classes.map((c) => (
            <ClassNode key={c.code} node={c} q={q} browse={browse} />
          ))}
        </ul>
      </section>
      <section className="of-jn-box" aria-labelledby="of-jn-az">
        <h2 id="of-jn-az">{t('nav.initials')}</h2>
        <ul className="of-jn-letters">
          {data.initials.map((i) => (
            <li key={i.letter}>
              <button
                type="button"
                className="of-jn-letter"
                aria-pressed={q.initial === i.letter}
                disabled={i.count === 0}
                aria-label={t('nav.letterLabel', {
                  letter: i.letter === '#' ? t('nav.other') : i.letter,
                  count: i.count,
                })}
                onClick={() => browse({ initial: i.letter })}
              >
                {i.letter}
              </button>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

function ClassNode({
  node,
  q,
  browse,
}: {
  node: JournalClassNode;
  q: JournalQuery;
  browse: (patch: Partial<JournalQuery>) => void;
}) {
  const { t } = useTranslation('journals');
  const [open, setOpen] = useState(q.classCode.length > 1 && q.classCode.startsWith(node.code));
  const childId = `of-jn-class-${node.code}`;
  return (
    <li>
      <div className="of-jn-node">
        {node.child.length ? (
          <button
            type="button"
            className="of-jn-toggle"
            aria-expanded={open}
            aria-controls={childId}
            aria-label={t(open ? 'nav.collapse' : 'nav.expand', { name: node.name })}
            onClick={() => setOpen(!open)}
          >
            {open ? '−' : '+'}
          </button>
        ) : (
          <span className="of-jn-toggle" aria-hidden="true" />
        )}
        <ClassButton node={node} q={q} browse={browse} />
      </div>
      {node.child.length && open ? (
        <ul id={childId} className="of-jn-tree of-jn-tree--child">
          {node.child.map((c) => (
            <li key={c.code}>
              <ClassButton node={c} q={q} browse={browse} />
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/** A class of the tree: chooses it (not when it holds no journal). */
function ClassButton({
  node,
  q,
  browse,
}: {
  node: { code: string; name: string; count: number };
  q: JournalQuery;
  browse: (patch: Partial<JournalQuery>) => void;
}) {
  return (
    <button
      type="button"
      className="of-jn-class"
      aria-pressed={q.classCode === node.code}
      disabled={node.count === 0}
      onClick={() => browse({ classCode: node.code })}
      data-testid={`class-${node.code}`}
    >
      <span className="of-jn-code">{node.code}</span> {node.name} <span className="of-jn-count">{node.count}</span>
    </button>
  );
}

/** A journal in a list. */
export function JournalCard({ journal: j }: { journal: JournalSummary }) {
  const { t } = useTranslation('journals');
  return (
    <li className="of-jn-card" data-testid={`journal-${j.id}`}>
      <h3 className="of-jn-card-title">
        <Link to={journalPath(j.id)}>{j.title}</Link>
      </h3>
      <p className="of-jn-meta">
        {[
          j.issn ? `ISSN ${j.issn}` : '',
          j.eissn ? `eISSN ${j.eissn}` : '',
          j.publisher,
          j.className ? `${t('detail.class')}: ${j.className}` : '',
        ]
          .filter(Boolean)
          .join(' · ')}
      </p>
      <p className="of-jn-badges">
        {j.print ? <span className="of-jn-badge">{t('carrier.print')}</span> : null}
        {j.electronic ? <span className="of-jn-badge of-jn-badge--e">{t('carrier.electronic')}</span> : null}
        {j.marks.map((m) => (
          <span key={m.code} className="of-jn-badge of-jn-badge--core" title={m.name}>
            {m.code}
            {m.edition ? ` ${m.edition}` : ''}
          </span>
        ))}
      </p>
    </li>
  );
}

function HotJournals() {
  const { t, i18n } = useTranslation('journals');
  const hot = useHotJournals(i18n.language);
  if (!hot.data?.list.length) return null;
  return (
    <section className="of-jn-box of-jn-hot" aria-labelledby="of-jn-hot">
      <h2 id="of-jn-hot">{t('nav.hot')}</h2>
      <ol>
        {hot.data.list.map((j) => (
          <li key={j.id}>
            <Link to={journalPath(j.id)}>{j.title}</Link>{' '}
            <span className="of-jn-quiet">{t('nav.views', { count: j.views })}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
