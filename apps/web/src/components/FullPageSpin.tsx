import { useTranslation } from 'react-i18next';

/** A centred spinner (pure CSS, so the first paint needs no component library). */
export function FullPageSpin({ inline = false }: { inline?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={inline ? 'of-page-spin' : 'of-full-page'} role="status" aria-live="polite">
      <span className="of-spinner" aria-hidden="true" />
      <span className="of-visually-hidden">{t('status.loading')}</span>
    </div>
  );
}
