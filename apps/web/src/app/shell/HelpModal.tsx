import { useMemo } from 'react';
import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../features/site-config';
import { sanitizeHtml } from '../../lib/sanitize-html';

/** Spec §9: the help modal is 778 px wide. */
export const HELP_MODAL_WIDTH = 778;
const DEFAULT_SECTIONS = ['search', 'browse', 'account', 'language'] as const;

function DefaultHelp() {
  const { t } = useTranslation();
  return (
    <div className="of-help">
      <p>{t('help.intro')}</p>
      {DEFAULT_SECTIONS.map((key) => (
        <section key={key}>
          <h3>{t(`help.sections.${key}.title`)}</h3>
          <p>{t(`help.sections.${key}.body`)}</p>
        </section>
      ))}
    </div>
  );
}

/** The help modal: the tenant's helpHtml (sanitised), or a default help text. */
export default function HelpModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { helpHtml } = useConfig();
  const clean = useMemo(() => (helpHtml ? sanitizeHtml(helpHtml) : ''), [helpHtml]);
  return (
    <Modal
      title={t('help.title')}
      open={open}
      width={HELP_MODAL_WIDTH}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('actions.close')}
        </Button>
      }
    >
      {clean ? <div className="of-help" dangerouslySetInnerHTML={{ __html: clean }} /> : <DefaultHelp />}
    </Modal>
  );
}
