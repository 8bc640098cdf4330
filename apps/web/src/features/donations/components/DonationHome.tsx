import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { Pager } from './Pager';
import { useDonationNews, useDonors } from '../api';

const NEWS_ROWS = 10;
const DONOR_ROWS = 20;

/** A lookup that failed: said in place, quietly (spec §8: donate lookups fail silently), with a retry. */
function Quiet({ text, retry }: { text: string; retry: () => unknown }) {
  const { t } = useTranslation('donations');
  return (
    <p className="of-don-quiet">
      {text}{' '}
      <Button size="small" onClick={() => void retry()}>
        {t('home.retry')}
      </Button>
    </p>
  );
}

/** /bookDonate: the library's donation news and the donors list, with the way to offer books. */
export function DonationHome() {
  const { t } = useTranslation('donations');
  return (
    <div className="of-page of-don-page">
      <h1 className="of-don-title">{t('titles.home')}</h1>
      <p className="of-don-intro">{t('home.intro')}</p>
      <p>
        <Link className="of-btn of-btn--primary" to="/donate" data-testid="donate-link">
          {t('home.offer')}
        </Link>
      </p>
      <div className="of-don-columns">
        <News />
        <Donors />
      </div>
    </div>
  );
}

function News() {
  const { t, i18n } = useTranslation('donations');
  const [page, setPage] = useState(1);
  const news = useDonationNews(page, NEWS_ROWS, i18n.language);
  const list = news.data?.list ?? [];
  return (
    <section className="of-don-section" aria-labelledby="of-don-news">
      <h2 id="of-don-news">{t('home.news')}</h2>
      {news.isPending ? (
        <p aria-busy="true" className="of-don-quiet" />
      ) : news.isError && !news.data ? (
        <Quiet text={t('home.newsFailed')} retry={news.refetch} />
      ) : list.length ? (
        <>
          <ul className="of-don-news">
            {list.map((n) => (
              <li key={n.id}>
                <Link to={`/bookDonate/detail?id=${n.id}`}>{n.title}</Link>
                <span className="of-don-meta">
                  {[n.donorName, n.copies ? t('home.copies', { count: n.copies }) : '', n.publishTime]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              </li>
            ))}
          </ul>
          <Pager page={page} pageSize={NEWS_ROWS} total={news.data?.totalCount ?? 0} onChange={setPage} />
        </>
      ) : (
        <p className="of-don-quiet">{t('home.noNews')}</p>
      )}
    </section>
  );
}

function Donors() {
  const { t } = useTranslation('donations');
  const [page, setPage] = useState(1);
  const donors = useDonors(page, DONOR_ROWS);
  const list = donors.data?.list ?? [];
  return (
    <section className="of-don-section" aria-labelledby="of-don-donors">
      <h2 id="of-don-donors">{t('home.donors')}</h2>
      {donors.isPending ? (
        <p aria-busy="true" className="of-don-quiet" />
      ) : donors.isError && !donors.data ? (
        <Quiet text={t('home.donorsFailed')} retry={donors.refetch} />
      ) : list.length ? (
        <>
          <ul className="of-don-donors" data-testid="donors-list">
            {list.map((d) => (
              <li key={d.id}>
                <p className="of-don-donor">
                  <strong>{d.anonymous ? t('home.anonymous') : d.donorName}</strong>
                  <span className="of-don-meta">
                    {t('home.copies', { count: d.copies })} · {d.date}
                  </span>
                </p>
                <p className="of-don-titles">{d.titles.map((title) => `《${title}》`).join(' ')}</p>
              </li>
            ))}
          </ul>
          <Pager page={page} pageSize={DONOR_ROWS} total={donors.data?.totalCount ?? 0} onChange={setPage} />
        </>
      ) : (
        <p className="of-don-quiet">{t('home.noDonors')}</p>
      )}
    </section>
  );
}
