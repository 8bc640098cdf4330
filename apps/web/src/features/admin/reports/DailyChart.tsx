import { useId } from 'react';
import { useTranslation } from 'react-i18next';

const WIDTH = 600;
const HEIGHT = 150;
const AXIS = 20;
const TOP = 8;

type Point = { label: string; value: number };

/**
 * One figure per day (or month) as a bar chart in plain SVG, for the dashboard and the statistics. The
 * picture has a one-line summary as its accessible name, and the figures are in a table for screen
 * readers (visually hidden), as the record page's ten-year loan chart does.
 */
export function DailyChart({ title, points }: { title: string; points: readonly Point[] }) {
  const { t } = useTranslation('adminReports');
  const id = useId();
  const max = Math.max(0, ...points.map((p) => p.value));
  const total = points.reduce((sum, p) => sum + p.value, 0);
  const top = points.find((p) => p.value === max);
  const slot = WIDTH / Math.max(1, points.length);
  const bar = Math.max(2, Math.min(24, slot * 0.7));
  const plot = HEIGHT - AXIS - TOP;
  // The first, middle and last labels fit at 390 px; every label is in the table.
  const labelled = new Set([0, Math.floor((points.length - 1) / 2), points.length - 1]);
  return (
    <figure className="of-reports-chart" aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`} className="of-reports-chart-title">
        {title} <span className="of-reports-chart-total">{total}</span>
      </figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={t('chart.summary', {
          metric: title,
          total,
          days: points.length,
          max,
          maxDay: top?.label ?? '',
        })}
      >
        <line x1={0} x2={WIDTH} y1={HEIGHT - AXIS} y2={HEIGHT - AXIS} className="of-reports-chart-axis" />
        {points.map((p, i) => {
          const h = max ? (p.value / max) * plot : 0;
          const x = i * slot + (slot - bar) / 2;
          return (
            <g key={p.label}>
              <rect x={x} y={HEIGHT - AXIS - h} width={bar} height={h} rx={1} className="of-reports-chart-bar">
                <title>{`${p.label}: ${p.value}`}</title>
              </rect>
              {labelled.has(i) ? (
                <text
                  x={Math.min(Math.max(x + bar / 2, 30), WIDTH - 30)}
                  y={HEIGHT - 5}
                  textAnchor="middle"
                  className="of-reports-chart-label"
                >
                  {p.label.length > 7 ? p.label.slice(5) : p.label}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <table className="of-visually-hidden">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{t('chart.day')}</th>
            <th scope="col">{t('chart.value')}</th>
          </tr>
        </thead>
        <tbody>
          {points.map((p) => (
            <tr key={p.label}>
              <td>{p.label}</td>
              <td>{p.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
