import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { loadNamespace } from '../../lang';
import { AdminPage } from '../components/AdminPage';
import { DailyChart } from '../reports/DailyChart';
import { useDashboard, type Dashboard } from '../reports/reports-api';
import '../reports/reports.css';

await loadNamespace('adminReports');

/** The figures a card and a chart each show, in order. */
const METRICS = ['searches', 'zeroResults', 'logins', 'loans', 'renewals'] as const;

/**
 * The console's home (`/admin`): today and the last 30 days of the institution — searches, the
 * searches that found nothing (listed with their counts: what to consider buying), reader logins,
 * loans, renewals — as numbers and daily charts, and what waits for staff now.
 */
export default function DashboardScreen() {
  const { t } = useTranslation('adminReports');
  const { data } = useDashboard();
  return (
    <AdminPage title={t('dashboard.title')}>
      {data ? <DashboardBody data={data} /> : <Spin aria-label={t('dashboard.loading')} />}
    </AdminPage>
  );
}

function DashboardBody({ data }: { data: Dashboard }) {
  const { t } = useTranslation('adminReports');
  const fmt = (n: number) => n.toLocaleString();
  return (
    <>
      <h2 className="of-visually-hidden">{t('dashboard.figures')}</h2>
      <dl className="of-reports-cards" data-testid="dashboard-figures">
        {METRICS.map((m) => (
          <div key={m} className="of-reports-card">
            <dt>
              {t(`metrics.${m}`)} · {t('dashboard.today')}
            </dt>
            <dd>
              <span className="of-reports-card-value" data-metric={m}>
                {fmt(data.todayTotals[m])}
              </span>
              <span className="of-reports-card-sub">
                {t('dashboard.last30Value', { value: fmt(data.periodTotals[m]) })}
              </span>
            </dd>
          </div>
        ))}
      </dl>

      <section className="of-reports-section" aria-labelledby="of-reports-waiting">
        <h2 id="of-reports-waiting">{t('dashboard.waitingTitle')}</h2>
        <dl className="of-reports-cards of-reports-waiting">
          <div className="of-reports-card">
            <dt>{t('dashboard.waitingRequests')}</dt>
            <dd>
              <span className="of-reports-card-value">{fmt(data.waiting.requests)}</span>
              <Link to="/admin/requests">{t('dashboard.openRequests')}</Link>
            </dd>
          </div>
          <div className="of-reports-card">
            <dt>{t('dashboard.waitingReady')}</dt>
            <dd>
              <span className="of-reports-card-value">{fmt(data.waiting.readyRequests)}</span>
            </dd>
          </div>
          <div className="of-reports-card">
            <dt>{t('dashboard.waitingComments')}</dt>
            <dd>
              <span className="of-reports-card-value">{fmt(data.waiting.comments)}</span>
              <Link to="/admin/moderation">{t('dashboard.openModeration')}</Link>
            </dd>
          </div>
        </dl>
      </section>

      <section className="of-reports-section" aria-labelledby="of-reports-charts">
        <h2 id="of-reports-charts">{t('dashboard.chartsTitle')}</h2>
        <div className="of-reports-charts">
          {METRICS.map((m) => (
            <DailyChart
              key={m}
              title={t(`metrics.${m}`)}
              points={data.days.map((d) => ({ label: d.day, value: d[m] }))}
            />
          ))}
        </div>
      </section>

      <section className="of-reports-section" aria-labelledby="of-reports-zero">
        <h2 id="of-reports-zero">{t('dashboard.zeroTitle')}</h2>
        <p>{t('dashboard.zeroHelp')}</p>
        {data.zeroSearches.length ? (
          <div className="of-reports-table-wrap" tabIndex={0} role="region" aria-labelledby="of-reports-zero">
            <table className="of-reports-table" data-testid="zero-searches">
              <thead>
                <tr>
                  <th scope="col">{t('dashboard.zeroText')}</th>
                  <th scope="col" className="of-num">
                    {t('dashboard.zeroCount')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.zeroSearches.map((z) => (
                  <tr key={z.text}>
                    <td>{z.text}</td>
                    <td className="of-num">{fmt(z.n)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p>{t('dashboard.zeroNone')}</p>
        )}
      </section>
    </>
  );
}
