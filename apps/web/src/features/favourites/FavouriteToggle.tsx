import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { useFavourite } from './use-favourite';

type Props = {
  recordId: number;
  title: string;
  kept: boolean;
  size?: 'small' | 'middle';
  variant?: 'default' | 'primary';
};

/** Add to / remove from the logged-in reader's favourites: a pressed button while the record is kept. */
export function FavouriteToggle({ recordId, title, kept, size, variant }: Props) {
  const { t } = useTranslation();
  const { isKept, isPending, toggle } = useFavourite(recordId, kept);
  return (
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
  );
}
