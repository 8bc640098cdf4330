import { useTranslation } from 'react-i18next';
import { useConfig, useInstitution } from '../../features/site-config';
import { useTenant } from '../../features/tenant';

/** Spec §9: the copyright starts in 2017 and the default version is 3.0. */
export const COPYRIGHT_START_YEAR = 2017;
export const DEFAULT_VERSION = '3.0';

/** The footer: copyright, contact lines, filing numbers and version (unless hidden). */
export function Footer() {
  const { t } = useTranslation();
  const config = useConfig();
  const tenant = useTenant();
  const { data: institution } = useInstitution();
  const holder = config.copyrightHolder || tenant.group.name;
  const year = new Date().getFullYear();
  const showFiling = config.filingNumberHide !== '1';
  return (
    <footer className="of-footer">
      <div className="of-footer-inner">
        {config.consultationPhone || config.directorMailbox ? (
          <p className="of-footer-contact">
            {config.consultationPhone ? (
              <span>
                {t('footer.consultationPhone')}
                <a href={`tel:${config.consultationPhone.replace(/[^\d+]/g, '')}`}>{config.consultationPhone}</a>
              </span>
            ) : null}
            {config.directorMailbox ? (
              <span>
                {t('footer.directorMailbox')}
                <a href={`mailto:${config.directorMailbox}`}>{config.directorMailbox}</a>
              </span>
            ) : null}
          </p>
        ) : null}
        <p>{t('footer.copyright', { start: COPYRIGHT_START_YEAR, year, holder })}</p>
        {showFiling ? (
          <p className="of-footer-filing">
            {config.icpFilingNumber ? (
              <a href="https://beian.miit.gov.cn/" target="_blank" rel="noopener noreferrer">
                {config.icpFilingNumber}
              </a>
            ) : null}
            {config.policeFilingNumber ? (
              <a href="https://beian.mps.gov.cn/" target="_blank" rel="noopener noreferrer">
                {config.policeFilingNumber}
              </a>
            ) : null}
            <span>{t('footer.version', { version: institution?.version || DEFAULT_VERSION })}</span>
          </p>
        ) : null}
      </div>
    </footer>
  );
}
