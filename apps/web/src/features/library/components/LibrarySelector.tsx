import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LibraryIcon } from '../../../components/icons';
import { useLibs } from '../api/get-libs';
import { useSaveLastLibCode } from '../api/save-last-lib-code';
import { readStoredLibCode, storeLibCode } from '../library-storage';

/** The header's library selector (shown when independentLibCode is '1'): stored locally and saved on the server. */
export function LibrarySelector({ className }: { className?: string }) {
  const { t } = useTranslation();
  const id = useId();
  const libs = useLibs(true);
  const save = useSaveLastLibCode();
  const [libCode, setLibCode] = useState(readStoredLibCode);
  if (!libs.data?.length) return null;
  const known = libs.data.some((lib) => lib.libCode === libCode);
  const onChange = (value: string) => {
    setLibCode(value);
    storeLibCode(value);
    if (value) save.mutate(value);
  };
  return (
    <div className={['of-libs', className].filter(Boolean).join(' ')}>
      <label htmlFor={id} className="of-visually-hidden">
        {t('header.library')}
      </label>
      <LibraryIcon className="of-libs-icon" />
      <select id={id} className="of-select" value={known ? libCode : ''} onChange={(e) => onChange(e.target.value)}>
        <option value="">{t('header.libraryPlaceholder')}</option>
        {libs.data.map((lib) => (
          <option key={lib.libCode} value={lib.libCode}>
            {lib.libName}
          </option>
        ))}
      </select>
    </div>
  );
}
