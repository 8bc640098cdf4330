import { useTranslation } from 'react-i18next';
import { useNearTenYearLoan } from '../api/get-near-ten-year-loan';
import '../loans.css';

const WIDTH = 560;
const HEIGHT = 180;
const AXIS = 24;
const TOP = 18;

/** Loans of the last ten years as a bar chart (plain SVG), with the figures as a table for screen readers. */
export function LoanChart({ recordId }: { recordId: number }) {
  const { t } = useTranslation('record');
  const { data } = useNearTenYearLoan(recordId);
  if (!data?.length) return null;
  const max = Math.max(1, ...data.map((d) => d.loanCount));
  const total = data.reduce((sum, d) => sum + d.loanCount, 0);
  const slot = WIDTH / data.length;
  const barWidth = Math.min(32, slot * 0.6);
  const plot = HEIGHT - AXIS - TOP;
  return (
    <section className="of-record-section" aria-labelledby="of-loans-title">
      <h2 id="of-loans-title" className="of-section-title">
        {t('loans.title')}
      </h2>
      {total === 0 ? (
        <p className="of-muted">{t('loans.none')}</p>
      ) : (
        <figure className="of-loan-chart">
          <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={t('loans.summary', { total, count: total })}>
            <line x1={0} x2={WIDTH} y1={HEIGHT - AXIS} y2={HEIGHT - AXIS} className="of-chart-axis" />
            {data.map((d, i) => {
              const h = (d.loanCount / max) * plot;
              const x = i * slot + (slot - barWidth) / 2;
              const y = HEIGHT - AXIS - h;
              return (
                <g key={d.year}>
                  <rect x={x} y={y} width={barWidth} height={h} rx={2} className="of-chart-bar" />
                  {d.loanCount ? (
                    <text x={x + barWidth / 2} y={y - 4} textAnchor="middle" className="of-chart-value">
                      {d.loanCount}
                    </text>
                  ) : null}
                  <text x={x + barWidth / 2} y={HEIGHT - 6} textAnchor="middle" className="of-chart-label">
                    {d.year}
                  </text>
                </g>
              );
            })}
          </svg>
          <table className="of-visually-hidden">
            <caption>{t('loans.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('loans.year')}</th>
                <th scope="col">{t('loans.count')}</th>
              </tr>
            </thead>
            <tbody>
              {data.map((d) => (
                <tr key={d.year}>
                  <td>{d.year}</td>
                  <td>{d.loanCount}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </figure>
      )}
    </section>
  );
}
