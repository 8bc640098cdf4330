import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { useTakeCode } from '../api/loans';
import { ShortCode } from './ShortCode';

/** The take code (取书码): shown at the desk, it lends to the reader without their card (5 minutes, once). */
export function TakeCode() {
  const { t } = useTranslation('myLibrary');
  const take = useTakeCode();
  return (
    <section className="of-take-code" aria-labelledby="of-take-code-title">
      <h3 id="of-take-code-title" className="of-take-code-title">
        {t('codes.takeTitle')}
      </h3>
      {take.data ? (
        <ShortCode code={take.data} hint={t('codes.takeHint')} busy={take.isPending} onRenew={() => take.mutate()} />
      ) : (
        <p className="of-take-code-intro">
          {t('codes.takeIntro')}{' '}
          <Button size="small" busy={take.isPending} onClick={() => take.mutate()}>
            {t('codes.show')}
          </Button>
        </p>
      )}
      {take.isError ? (
        <p className="of-pay-error" role="alert">
          {take.error.message}
        </p>
      ) : null}
    </section>
  );
}
