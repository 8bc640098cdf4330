import { useTranslation } from 'react-i18next';
import { passwordStrength } from '@openfind/contract';
import { STRENGTH_LEVELS } from '../password-rules';

/** The strength helper of spec §5 as a four-step meter (0 empty … 3 strong), named and valued for screen readers. */
export function PasswordStrengthMeter({ password, id }: { password: string; id?: string }) {
  const { t } = useTranslation('account');
  const score = passwordStrength(password);
  const level = STRENGTH_LEVELS[score];
  const text = t(`strength.${level}`);
  return (
    <div className={`of-strength is-${level}`} id={id}>
      <div
        className="of-strength-bars"
        role="meter"
        aria-label={t('strength.label')}
        aria-valuemin={0}
        aria-valuemax={3}
        aria-valuenow={score}
        aria-valuetext={text}
      >
        {[1, 2, 3].map((step) => (
          <span key={step} className={step <= score ? 'of-strength-bar is-on' : 'of-strength-bar'} />
        ))}
      </div>
      <span className="of-strength-text" aria-hidden="true">
        {t('strength.shown', { level: text })}
      </span>
    </div>
  );
}
