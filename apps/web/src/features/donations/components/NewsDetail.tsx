import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDonationNewsItem } from '../api';

/** /bookDonate/detail?id=: one donation news item in full, its text cleaned as the home page cleans it. */
export function NewsDetail() {
  const { t, i18n } = useTranslation('donations');
  const [params] = useSearchParams();
  const raw = params.get('id') ?? '';
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : 0;
  const item = useDonationNewsItem(id, i18n.language);
  const html = item.data?.content ?? '';
  // The cleaned text of `html` (a text cleaned for another item is not shown).
  const [cleaned, setCleaned] = useState<{ html: string; clean: string } | null>(null);
  const clean = cleaned && cleaned.html === html ? cleaned.clean : null;
  useEffect(() => {
    if (!html) return;
    let live = true;
    // The cleaner loads only with a text to clean (as the home page's news does).
    void import('../../../lib/sanitize-html').then((m) => {
      if (live) setCleaned({ html, clean: m.sanitizeHtml(html) });
    });
    return () => {
      live = false;
    };
  }, [html]);

  const back = (
    <p>
      <Link to="/bookDonate">{t('detail.back')}</Link>
    </p>
  );
  if (!id || item.isError)
    return (
      <div className="of-page of-don-page">
        <h1 className="of-don-title">{t('titles.detail')}</h1>
        <p className="of-don-quiet" role="alert">
          {t('detail.missing')}
        </p>
        {back}
      </div>
    );
  if (!item.data) return <div className="of-page of-don-page" aria-busy="true" />;
  const n = item.data;
  return (
    <div className="of-page of-don-page">
      <article className="of-don-article" aria-labelledby="of-don-article-title">
        <h1 id="of-don-article-title" className="of-don-title">
          {n.title}
        </h1>
        <p className="of-don-meta">
          {[
            n.donorName ? t('detail.donor', { name: n.donorName }) : '',
            n.copies ? t('home.copies', { count: n.copies }) : '',
            t('detail.published', { date: n.publishTime }),
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
        {n.remark ? <p className="of-don-remark">{t('detail.remark', { remark: n.remark })}</p> : null}
        {clean !== null ? <div className="of-don-content" dangerouslySetInnerHTML={{ __html: clean }} /> : null}
      </article>
      {back}
    </div>
  );
}
