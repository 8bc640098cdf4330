import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** "Please log in" for an action that needs a reader: log in (the /login screen) or cancel. */
export function LoginPrompt({ action, onClose }: { action: string | null; onClose: () => void }) {
  const { t } = useTranslation('record');
  const navigate = useNavigate();
  return (
    <Modal
      open={action !== null}
      title={t('login.title')}
      width={400}
      okText={t('login.ok')}
      cancelText={t('actions.cancel')}
      onOk={() => {
        onClose();
        void navigate('/login');
      }}
      onCancel={onClose}
    >
      <p>{action ? t('login.body', { action }) : null}</p>
    </Modal>
  );
}
