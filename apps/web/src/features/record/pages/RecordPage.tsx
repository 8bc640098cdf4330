import { useEffect, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DiscoveryErrCode } from '@openfind/contract';
import type { RecordDetail } from '@openfind/contract';
import { WithRomanized } from '../../../components/OriginalScript';
import { RecordCover } from '../../../components/RecordCover';
import { Tabs } from '../../../components/Tabs';
import { WhenNear } from '../../../components/WhenNear';
import { lazyAntd } from '../../../lib/antd';
import { LoanChart } from '../../loans';
import { setPageTitle } from '../../../lib/document-title';
import { ApiError } from '../../../lib/http';
import { loadNamespace } from '../../lang';
import { useUserScore } from '../api/comments';
import { useRecordDetail } from '../api/get-record-detail';
import { toCitationRecord } from '../cite/to-citation-record';
import { BasicInfo } from '../components/BasicInfo';
import { Holdings } from '../components/Holdings';
import { MarcView } from '../components/MarcView';
// Ant Design's parts load after the page's own code: the heading, actions and details paint without them (issue 31).
import { Comments, LoginPrompt } from '../components/parts';
import { RecordActions } from '../components/RecordActions';
import { RatingStars } from '../components/RatingStars';
import { RelatedRecords } from '../components/RelatedRecords';
import '../record.css';

// The record's texts come with the page (not at start-up); the loan chart of the loans feature uses them too.
await loadNamespace('record');

/** The not-found and failure pages (Ant Design's Result), loaded only for those. */
const ResultPage = lazyAntd(() => import('../../../components/ResultPage'));

/** A record id from the path: a positive whole number, else null. */
function parseRecordId(value: string | undefined): number | null {
  return value && /^\d{1,10}$/.test(value) && Number(value) > 0 ? Number(value) : null;
}

/** The heading block: cover, [doc type] title, author, rating and actions. */
function RecordHeading({ detail, onLoginRequired }: { detail: RecordDetail; onLoginRequired: (a: string) => void }) {
  const info = detail.baseMarcInfoDto;
  const score = useUserScore(detail.record.recordId);
  const citation = useMemo(
    () => toCitationRecord(detail, `${window.location.origin}${window.location.pathname}`),
    [detail],
  );
  const docName = info.docName ?? detail.record.docName;
  // The original script (MARC 880) first, the romanised form beside it, as in the result row.
  const { originalLang: lang, authorRomanized, publisherRomanized } = detail.record;
  const publisher = info.publisher ? (
    <WithRomanized original={info.publisher} romanized={publisherRomanized} lang={lang} />
  ) : null;
  return (
    <header className="of-record-head">
      <RecordCover src={detail.record.pic} priority />
      <div className="of-record-head-text">
        <h1 className="of-record-title">
          {docName ? <span className="of-doc-type">[{docName}]</span> : null}
          <WithRomanized original={detail.clearTitle || info.title} romanized={info.titleRomanized} lang={lang} />
        </h1>
        {info.author ? (
          <p className="of-record-author">
            <WithRomanized original={info.author} romanized={authorRomanized} lang={lang} />
          </p>
        ) : null}
        <p className="of-record-pub">
          {publisher}
          {publisher && info.publishYear ? ', ' : null}
          {info.publishYear}
        </p>
        {/* The line is kept while the rating loads, so that the buttons below do not move. */}
        <div className="of-record-rating">
          {score.data ? <RatingStars score={score.data.avgScore} count={score.data.ratingCount} /> : null}
        </div>
        <RecordActions citation={citation} kept={info.myFav} onLoginRequired={onLoginRequired} />
      </div>
    </header>
  );
}

/** The record-details page (spec §2 /searchList/bookDetails/{id}[/{type}]). */
export function RecordPage() {
  const { t, i18n } = useTranslation('record');
  const { id } = useParams();
  const recordId = parseRecordId(id);
  const detail = useRecordDetail(recordId ?? 0, i18n.language);
  const [loginAction, setLoginAction] = useState<string | null>(null);
  const title = detail.data?.clearTitle || detail.data?.baseMarcInfoDto.title || '';
  useEffect(() => {
    setPageTitle(title || t('page.title'));
    return () => setPageTitle('');
  }, [title, t]);

  const notFound =
    recordId === null || (detail.error instanceof ApiError && detail.error.errCode === DiscoveryErrCode.recordNotFound);
  if (notFound) {
    return (
      <ResultPage
        status="warning"
        title={t('page.notFound')}
        subTitle={t('page.notFoundHint')}
        extra={
          <Link className="of-btn of-btn--primary" to="/Home">
            {t('page.backHome')}
          </Link>
        }
      />
    );
  }
  if (detail.isError) {
    return (
      <ResultPage
        status="error"
        title={t('page.failed')}
        subTitle={detail.error.message || undefined}
        extra={
          <button type="button" className="of-btn of-btn--primary" onClick={() => void detail.refetch()}>
            {t('actions.retry')}
          </button>
        }
      />
    );
  }
  if (detail.isPending) {
    return (
      <div className="of-page of-record" aria-busy="true">
        <h1 className="of-visually-hidden">{t('page.loading')}</h1>
        {/* A block of its own, so that React does not reuse a placeholder for the record (a layout shift). */}
        <div key="skeleton" aria-hidden="true">
          <div className="of-skeleton-row" />
          <div className="of-skeleton-row" />
        </div>
      </div>
    );
  }
  const data = detail.data;
  const info = data.baseMarcInfoDto;
  return (
    <div className="of-page of-record" data-record-id={data.record.recordId}>
      <RecordHeading detail={data} onLoginRequired={setLoginAction} />
      <div className="of-record-body">
        <div className="of-record-main">
          <Tabs
            className="of-record-tabs"
            items={[
              { key: 'info', label: t('tabs.info'), children: <BasicInfo rows={data.bean2List} /> },
              { key: 'marc', label: t('tabs.marc'), children: <MarcView leader={data.leader} fields={data.marc} /> },
            ]}
          />
          <Holdings recordId={data.record.recordId} lang={i18n.language} />
          <LoanChart recordId={data.record.recordId} />
          {/* Below the first screenful: the comments and their Ant Design parts come as the reader scrolls near. */}
          <WhenNear placeholderClassName="of-record-section of-reserve-comments">
            <Comments
              fallback={<section className="of-record-section of-reserve-comments" />}
              recordId={data.record.recordId}
              onLoginRequired={setLoginAction}
            />
          </WhenNear>
        </div>
        <RelatedRecords recordId={data.record.recordId} subjects={info.subject} classes={info.chiClassNo} />
      </div>
      {loginAction !== null ? <LoginPrompt action={loginAction} onClose={() => setLoginAction(null)} /> : null}
    </div>
  );
}
