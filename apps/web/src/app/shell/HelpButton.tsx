import { Suspense, useState } from 'react';
import { lazyAntd } from '../../lib/antd';
import { useTranslation } from 'react-i18next';
import { HelpIcon } from '../../components/icons';

const HelpModal = lazyAntd(() => import('./HelpModal'));

/** The help icon; its modal (and Ant Design's Modal) load on first use. */
export function HelpButton() {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  const [wasOpened, setWasOpened] = useState(false);
  return (
    <>
      <button
        type="button"
        className="of-header-button"
        aria-label={t('header.help')}
        title={t('header.help')}
        aria-haspopup="dialog"
        onClick={() => {
          setWasOpened(true);
          setOpen(true);
        }}
      >
        <HelpIcon />
      </button>
      {wasOpened ? (
        <Suspense fallback={null}>
          <HelpModal open={isOpen} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
