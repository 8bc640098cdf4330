import { Button } from 'antd';
import type { ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFavourite } from './use-favourite';
import { busy } from '../../components/busy';

type Props = { recordId: number; title: string; kept: boolean } & Pick<ButtonProps, 'size' | 'type'>;

/** Add to / remove from the logged-in reader's favourites: a pressed button while the record is kept. */
export function FavouriteToggle({ recordId, title, kept, size, type }: Props) {
  const { t } = useTranslation();
  const { isKept, isPending, toggle } = useFavourite(recordId, kept);
  return (
    <Button
      size={size}
      type={type}
      aria-pressed={isKept}
      aria-label={isKept ? t('favourites.removeOf', { title }) : t('favourites.addOf', { title })}
      loading={busy(isPending)}
      onClick={toggle}
    >
      {isKept ? t('favourites.kept') : t('favourites.add')}
    </Button>
  );
}
