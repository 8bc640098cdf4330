import { useState } from 'react';
import { Button, Modal } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { readSessionToken } from '../../../lib/session';

/**
 * Add to favourites. Readers cannot log in yet (#6), so an anonymous visitor is asked to log in
 * (spec §8 '请登录！'); with a session the favourites call comes with My Library.
 */
export function FavouriteButton({ title }: { title: string }) {
  const { t } = useTranslation('search');
  const navigate = useNavigate();
  const [isAsking, setIsAsking] = useState(false);
  return (
    <>
      <Button size="small" aria-label={t('result.favouriteOf', { title })} onClick={() => setIsAsking(true)}>
        {t('result.favourite')}
      </Button>
      <Modal
        open={isAsking}
        title={t('login.title')}
        okText={t('login.go')}
        cancelText={t('login.cancel')}
        onOk={() => void navigate('/login')}
        onCancel={() => setIsAsking(false)}
        width={400}
      >
        <p>{readSessionToken() ? t('login.comingSoon') : t('login.prompt')}</p>
      </Modal>
    </>
  );
}
