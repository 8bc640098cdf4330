import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/antd';
import { openLogin, useSession } from '../../auth';
import { useDbDetail, useKeep, useKeptIds, useVisit } from '../api';
import { AccessBadge } from './DbCardView';
import { TrialFeedbackForm } from './TrialFeedbackForm';

/** A database's page (/dataBaseNav/details/:id, /newDataBase/details/:recordId). */
export function DatabaseDetail({ from }: { from: 'nav' | 'new' }) {
  const { t, i18n } = useTranslation('databases');
  const params = useParams();
  const raw = (from === 'nav' ? params.id : params.recordId) ?? '';
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : 0;
  const detail = useDbDetail(id, i18n.language);
  const session = useSession();
  const kept = useKeptIds(session.isLoggedIn);
  const keep = useKeep();
  const visit = useVisit();
  const back = (
    <p>
      <Link to={from === 'nav' ? '/dataBaseNav' : '/newDataBase'}>
        {t(from === 'nav' ? 'detail.back' : 'detail.backNew')}
      </Link>
    </p>
  );
  if (!id || detail.isError)
    return (
      <div className="of-page of-db-page">
        <h1 className="of-db-title">{t('titles.detail')}</h1>
        <p role="alert">{t('detail.missing')}</p>
        {back}
      </div>
    );
  const d = detail.data;
  if (!d) return <div className="of-page of-db-page" aria-busy="true" />;
  const isKept = kept.data?.collectionIds.includes(d.id) ?? false;

  /** Opens the database in a new window: the window first (a blocker allows it), the link once counted. */
  const open = () => {
    const win = window.open('about:blank', '_blank');
    visit.mutate(d.id, {
      onSuccess: (v) => {
        if (win) {
          win.opener = null;
          win.location.href = v.url;
        } else window.location.assign(v.url);
      },
      onError: () => win?.close(),
    });
  };
  const toggleKeep = () => {
    if (!session.isLoggedIn) return openLogin();
    keep.mutate(
      { id: d.id, keep: !isKept },
      { onSuccess: (r) => notify('success', r.message || t(isKept ? 'detail.unkept' : 'detail.kept')) },
    );
  };
  const onTrial = d.accessKind === 'trial' && !d.trialEnded;

  return (
    <div className="of-page of-db-page">
      <article className="of-db-detail" aria-labelledby="of-db-name">
        <header className="of-db-detail-head">
          <h1 id="of-db-name" className="of-db-title">
            {d.name}
          </h1>
          <AccessBadge db={d} />
          {d.isNew ? <span className="of-db-badge of-db-badge--new">{t('access.new')}</span> : null}
        </header>
        {d.name !== d.nameZh ? <p className="of-db-quiet">{d.nameZh}</p> : null}
        <div className="of-db-actions">
          <button
            type="button"
            className="of-btn of-btn--primary"
            onClick={open}
            disabled={visit.isPending}
            data-testid="db-open"
          >
            {t('detail.open')}
          </button>
          <button type="button" className="of-btn" onClick={toggleKeep} aria-pressed={isKept} data-testid="db-keep">
            {t(isKept ? 'detail.keptButton' : 'detail.keep')}
          </button>
        </div>
        <p className="of-db-quiet">{t(d.offCampus ? 'detail.offCampusYes' : 'detail.offCampusNo')}</p>
        <dl className="of-db-facts">
          {d.vendor ? (
            <>
              <dt>{t('labels.vendor')}</dt>
              <dd>{d.vendor}</dd>
            </>
          ) : null}
          {d.accessKind === 'trial' && (d.trialFrom || d.trialUntil) ? (
            <>
              <dt>{t('labels.trial')}</dt>
              <dd>{t('detail.trialDates', { from: d.trialFrom ?? '…', until: d.trialUntil ?? '…' })}</dd>
            </>
          ) : null}
          <dt>{t('labels.subjects')}</dt>
          <dd>{d.subjects.map((s) => s.subName).join(t('labels.sep')) || t('detail.none')}</dd>
          <dt>{t('labels.types')}</dt>
          <dd>{d.dbTypes.map((x) => x.name).join(t('labels.sep')) || t('detail.none')}</dd>
          <dt>{t('labels.languages')}</dt>
          <dd>{d.languages.map((l) => t(`languages.${l}`)).join(t('labels.sep')) || t('detail.none')}</dd>
          {d.titleCounts.serial + d.titleCounts.monograph > 0 ? (
            <>
              <dt>{t('labels.titles')}</dt>
              <dd>{t('detail.titleCounts', { serial: d.titleCounts.serial, monograph: d.titleCounts.monograph })}</dd>
            </>
          ) : null}
          <dt>{t('labels.visitsLabel')}</dt>
          <dd data-testid="db-visits" data-count={d.visitCount}>
            {t('detail.visits', { count: d.visitCount, total: d.visitTotal })}
          </dd>
        </dl>
        {d.description ? (
          <section aria-labelledby="of-db-about">
            <h2 id="of-db-about">{t('detail.about')}</h2>
            <p className="of-db-text">{d.description}</p>
          </section>
        ) : null}
        {d.guide ? (
          <section aria-labelledby="of-db-guide">
            <h2 id="of-db-guide">{t('detail.guide')}</h2>
            <p className="of-db-text">{d.guide}</p>
          </section>
        ) : null}
        {onTrial ? <TrialFeedbackForm id={d.id} /> : null}
      </article>
      {back}
    </div>
  );
}
