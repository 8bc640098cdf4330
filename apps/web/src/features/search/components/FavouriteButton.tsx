import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { openLogin, useSession } from '../../auth';
import { FavouriteToggle } from '../../favourites';
import { LoginAskDialog } from './parts';

type Props = { recordId: number; title: string; kept: boolean };

/**
 * Add to favourites: a logged-in reader keeps or drops the record at once; an anonymous visitor is
 * asked to log in (spec §8 '请登录！', then the login dialog). A plain button on every row; the
 * dialog (Ant Design) loads on the first click.
 */
export function FavouriteButton({ recordId, title, kept }: Props) {
  const { isLoggedIn } = useSession();
  if (isLoggedIn) return <FavouriteToggle recordId={recordId} title={title} kept={kept} size="small" />;
  return <AskToLogIn title={title} />;
}

function AskToLogIn({ title }: { title: string }) {
  const { t } = useTranslation('search');
  const [isAsking, setIsAsking] = useState(false);
  // The dialog is made on the first click (a page has ten of these buttons), then kept for its closing animation.
  const [hasAsked, setHasAsked] = useState(false);
  return (
    <>
      <Button
        size="small"
        aria-label={t('result.favouriteOf', { title })}
        onClick={() => {
          setHasAsked(true);
          setIsAsking(true);
        }}
      >
        {t('result.favourite')}
      </Button>
      {hasAsked ? (
        <LoginAskDialog
          open={isAsking}
          onGo={() => {
            setIsAsking(false);
            openLogin({ reason: t('result.favourite') });
          }}
          onCancel={() => setIsAsking(false)}
        />
      ) : null}
    </>
  );
}
