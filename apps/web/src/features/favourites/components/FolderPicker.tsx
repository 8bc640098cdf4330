import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import * as Calls from '@openfind/contract/calls';
import type { FavouriteFolderList } from '@openfind/contract';
import { api } from '../../../lib/api-client';
import { notify } from '../../../lib/antd';
import { loadNamespace } from '../../lang';
import { markCached } from '../use-favourite';
import { favouriteKeys } from '../query-keys';
import '../picker.css';

// Its texts load with the picker (the results and record pages stay as they were).
await loadNamespace('favourites');

type Props = { recordId: number; title: string; onClose: () => void };

/**
 * The record and result pages' folder picker: the reader's folders; choosing one keeps the record
 * there (moving it when it is kept in another). Escape or the close button closes it.
 */
export default function FolderPicker({ recordId, title, onClose }: Props) {
  const { t } = useTranslation('favourites');
  const client = useQueryClient();
  const folders = useQuery({
    queryKey: favouriteKeys.folders(),
    queryFn: ({ signal }): Promise<FavouriteFolderList> => api.call(Calls.favoritesList, {}, { signal }),
  });
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.querySelector<HTMLElement>('button')?.focus();
  }, [folders.data]);
  const pick = async (favoritesId: number) => {
    const { data, message } = await api.callWithMessage(Calls.addMyFav, { recordId, favoritesId });
    let text = message;
    if (data.favoritesId !== favoritesId) {
      text = (await api.callWithMessage(Calls.favoritesMove, { favouriteIds: [data.favouriteId], favoritesId }))
        .message;
    }
    markCached(client, recordId, true);
    void client.invalidateQueries({ queryKey: favouriteKeys.all });
    if (text) notify('success', text);
    onClose();
  };
  const list = folders.data?.list ?? [];
  return (
    <div
      ref={box}
      role="group"
      aria-label={t('picker.openOf', { title })}
      className="of-fav-picker"
      onKeyDown={(e) => {
        if (e.key === 'Escape') onClose();
      }}
    >
      <p className="of-fav-picker-note">{t('picker.label')}</p>
      {folders.isPending ? <p aria-busy="true" /> : null}
      {folders.data && !list.length ? <p className="of-fav-picker-note">{t('picker.none')}</p> : null}
      <ul>
        {list.map((f) => (
          <li key={f.favoritesId}>
            <button type="button" className="of-fav-folder" onClick={() => void pick(f.favoritesId)}>
              <span>{f.isDefault ? t('defaultFolder') : f.favoritesName}</span>
              <span>{t('folders.count', { count: f.recordCount })}</span>
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className="of-btn of-btn--small" onClick={onClose}>
        {t('picker.close')}
      </button>
    </div>
  );
}
