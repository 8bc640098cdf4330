import { useTranslation } from 'react-i18next';
import type { ReaderCode } from '@openfind/contract';
import { Button } from '../../../components/Button';
import { minutesSeconds, useCountdown } from '../use-countdown';

/**
 * A code the reader shows or gives (the take code, a handover code): large digits, what it is for,
 * and its 5-minute countdown; once it lapses, a button draws a new one.
 */
export function ShortCode({
  code,
  hint,
  busy,
  onRenew,
}: {
  code: ReaderCode;
  hint: string;
  busy: boolean;
  onRenew: () => void;
}) {
  const { t } = useTranslation('myLibrary');
  const left = useCountdown(code.secondsLeft, code.code);
  return (
    <div className={`of-short-code${left === 0 ? ' is-lapsed' : ''}`}>
      <p className="of-short-code-digits" aria-live="polite">
        <span className="of-visually-hidden">{t('codes.codeIs')}</span>
        {left === 0 ? <s>{code.code}</s> : code.code}
      </p>
      {left === 0 ? (
        <p className="of-short-code-state" role="status">
          {t('codes.lapsed')}{' '}
          <Button size="small" busy={busy} onClick={onRenew}>
            {t('codes.renew')}
          </Button>
        </p>
      ) : (
        <p className="of-short-code-state">{t('codes.left', minutesSeconds(left))}</p>
      )}
      <p className="of-short-code-hint">{hint}</p>
    </div>
  );
}
