import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sanitizeHtml } from '../../../lib/sanitize-html';
import { explanationLines } from '../login-methods';

/** The configured login explanation (rich HTML, one line per line-break tag), collapsible (spec §2). */
export function LoginExplain({ html, defaultOpen = true }: { html: string; defaultOpen?: boolean }) {
  const { t } = useTranslation('auth');
  const [isOpen, setOpen] = useState(defaultOpen);
  const panelId = useId();
  const lines = useMemo(() => explanationLines(html).map(sanitizeHtml), [html]);
  if (!lines.length) return null;
  return (
    <section className="of-login-explain" aria-labelledby={`${panelId}-title`}>
      <h2 id={`${panelId}-title`} className="of-login-explain-title">
        <button
          type="button"
          className="of-login-explain-toggle"
          aria-expanded={isOpen}
          aria-controls={panelId}
          onClick={() => setOpen(!isOpen)}
        >
          <span>{t('explain.title')}</span>
          <span className="of-visually-hidden">{isOpen ? t('explain.hide') : t('explain.show')}</span>
          <span aria-hidden="true" className={isOpen ? 'of-login-explain-chevron is-open' : 'of-login-explain-chevron'}>
            ▾
          </span>
        </button>
      </h2>
      <div id={panelId} hidden={!isOpen} className="of-login-explain-body">
        {lines.map((line, i) => (
          // Sanitised configuration text (no scripts, handlers or script URLs).
          <p key={i} dangerouslySetInnerHTML={{ __html: line }} />
        ))}
      </div>
    </section>
  );
}
