import { useTranslation } from 'react-i18next';

/** The first focusable element: jumps past the header to the main content. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a className="of-skip-link" href="#main">
      {t('a11y.skipToContent')}
    </a>
  );
}
