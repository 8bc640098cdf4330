import { useTranslation } from 'react-i18next';
import { MAX_SCORE } from '@openfind/contract';

/** Read-only stars for an average rating, with the figure and the number of ratings as text (compact: one reader's stars). */
export function RatingStars({
  score,
  count,
  compact = false,
}: {
  score: number | null;
  count: number;
  compact?: boolean;
}) {
  const { t } = useTranslation('record');
  if (score === null || count === 0) return <span className="of-rating of-rating--none">{t('rating.none')}</span>;
  const full = Math.round(score);
  return (
    <span className="of-rating">
      <span className="of-rating-stars" aria-hidden="true">
        {'★'.repeat(full)}
        <span className="of-rating-empty">{'★'.repeat(MAX_SCORE - full)}</span>
      </span>
      {compact ? (
        <span className="of-visually-hidden">{t('rating.stars', { score: full })}</span>
      ) : (
        <span>{t('rating.summary', { score: score.toFixed(1), count })}</span>
      )}
    </span>
  );
}
