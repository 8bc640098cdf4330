import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { openLogin, useSession } from '../../auth';

/**
 * "Please log in" for an action that needs a reader: log in (the login dialog) or cancel. A
 * logged-in reader is told the action is coming (its screens arrive with My Library).
 */
export function LoginPrompt({ action, onClose }: { action: string | null; onClose: () => void }) {
  const { t } = useTranslation('record');
  const { isLoggedIn } = useSession();
  if (isLoggedIn) {
    return (
      <Modal
        open={action !== null}
        title={action}
        width={400}
        onOk={onClose}
        onCancel={onClose}
        cancelButtonProps={{ style: { display: 'none' } }}
      >
        <p>{action ? t('login.comingSoon', { action }) : null}</p>
      </Modal>
    );
  }
  return (
    <Modal
      open={action !== null}
      title={t('login.title')}
      width={400}
      okText={t('login.ok')}
      cancelText={t('actions.cancel')}
      onOk={() => {
        onClose();
        openLogin({ reason: action ?? undefined });
      }}
      onCancel={onClose}
    >
      <p>{action ? t('login.body', { action }) : null}</p>
    </Modal>
  );
}
