import { useMemo } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../site-config';
import { useTenant } from '../../tenant';
import { sanitizeHtml } from '../../../lib/sanitize-html';
import { AccountFrame } from '../components/AccountFrame';
import '../account.css';

/** Sections of the default policy, in order (keys under `privacy.default.sections`). */
export const DEFAULT_POLICY_SECTIONS = [
  'collect',
  'use',
  'storage',
  'sharing',
  'security',
  'rights',
  'changes',
  'contact',
] as const;

/** The default privacy policy, worded for the institution, for those that have not set their own. */
function DefaultPolicy() {
  const { t } = useTranslation('account');
  const { group } = useTenant();
  const library = group.name;
  return (
    <div className="of-privacy">
      <p>{t('privacy.default.intro', { library })}</p>
      {DEFAULT_POLICY_SECTIONS.map((key, index) => (
        <section key={key} aria-labelledby={`of-privacy-${key}`}>
          <h2 id={`of-privacy-${key}`}>
            {index + 1}. {t(`privacy.default.sections.${key}.title`)}
          </h2>
          {t(`privacy.default.sections.${key}.body`, { library })
            .split('\n')
            .map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
        </section>
      ))}
    </div>
  );
}

/**
 * /privacy and /oldPrivacy: the institution's privacy policy (site config `privacyHtml`, and the
 * previous one `oldPrivacyHtml`), else OpenFind's default policy; the login's privacy box links here.
 */
export default function PrivacyPage({ feature }: { feature: string }) {
  const { t } = useTranslation('account');
  const config = useConfig();
  const isOld = feature === 'oldPrivacy';
  const html = isOld ? config.oldPrivacyHtml : config.privacyHtml;
  const clean = useMemo(() => (html ? sanitizeHtml(html) : ''), [html]);
  const title = t(isOld ? 'titles.oldPrivacy' : 'titles.privacy');
  let body;
  if (clean) body = <div className="of-privacy" dangerouslySetInnerHTML={{ __html: clean }} />;
  else if (isOld) body = <p>{t('privacy.noOld')}</p>;
  else body = <DefaultPolicy />;
  let otherLink = null;
  if (isOld) otherLink = <Link to="/privacy">{t('privacy.current')}</Link>;
  else if (config.oldPrivacyHtml) otherLink = <Link to="/oldPrivacy">{t('privacy.previous')}</Link>;
  return (
    <AccountFrame title={title} wide>
      {body}
      {otherLink ? <p className="of-account-links">{otherLink}</p> : null}
    </AccountFrame>
  );
}
