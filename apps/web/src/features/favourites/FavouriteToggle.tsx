import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { useFavourite } from './use-favourite';

// The folder picker (and its texts and styles) loads when first opened: the result and record pages stay light.
const FolderPicker = lazy(() => import('./components/FolderPicker'));

type Props = {
  recordId: number;
  title: string;
  kept: boolean;
  size?: 'small' | 'middle';
  variant?: 'default' | 'primary';
};

/**
 * Add to / remove from the logged-in reader's favourites: a pressed button while the record is kept
 * (added to the default folder), and beside it a button that opens the folder picker.
 */
export function FavouriteToggle({ recordId, title, kept, size, variant }: Props) {
  const { t } = useTranslation();
  const { isKept, isPending, toggle } = useFavourite(recordId, kept);
  const [picking, setPicking] = useState(false);
  return (
    <span className="of-fav-toggle">
      <Button
        size={size}
        variant={variant}
        aria-pressed={isKept}
        aria-label={isKept ? t('favourites.removeOf', { title }) : t('favourites.addOf', { title })}
        busy={isPending}
        onClick={toggle}
      >
        {isKept ? t('favourites.kept') : t('favourites.add')}
      </Button>
      <Button
        size={size}
        aria-label={t('favourites.pickOf', { title })}
        aria-expanded={picking}
        onClick={() => setPicking(!picking)}
      >
        <span aria-hidden="true">▾</span>
      </Button>
      {picking ? (
        <Suspense fallback={null}>
          <FolderPicker recordId={recordId} title={title} onClose={() => setPicking(false)} />
        </Suspense>
      ) : null}
    </span>
  );
}
