import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { loadNamespace } from '../../lang';

// This chunk brings the login texts (the auth namespace is not loaded at start-up).
await loadNamespace('auth');

/** The inactivity warning (spec §4): the login has expired, log in again; OK logs out. */
export default function InactivityDialog({ onOk }: { onOk: () => void }) {
  const { t } = useTranslation('auth');
  const { t: tc } = useTranslation();
  return (
    <Modal
      open
      title={t('inactivity.title')}
      width={400}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      onOk={onOk}
      okText={tc('actions.ok')}
      cancelButtonProps={{ style: { display: 'none' } }}
    >
      <p>{t('inactivity.body')}</p>
    </Modal>
  );
}
