import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';

type Props = { open: boolean; onGo: () => void; onCancel: () => void };

/** "Please log in" before keeping a favourite (spec §8 '请登录！'), with the way to the login dialog. */
export function LoginAskDialog({ open, onGo, onCancel }: Props) {
  const { t } = useTranslation('search');
  return (
    <Modal
      open={open}
      title={t('login.title')}
      okText={t('login.go')}
      cancelText={t('login.cancel')}
      onOk={onGo}
      onCancel={onCancel}
      width={400}
    >
      <p>{t('login.prompt')}</p>
    </Modal>
  );
}
