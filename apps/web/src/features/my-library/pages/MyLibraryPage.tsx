import { useEffect, useState } from 'react';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { setPageTitle } from '../../../lib/document-title';
import { useSession } from '../../auth';
import { loadNamespace } from '../../lang';
import { useConfig } from '../../site-config';
import { AddressesPanel } from '../components/AddressesPanel';
import { BehaviourPanel } from '../components/BehaviourPanel';
import { BorrowingPanel } from '../components/BorrowingPanel';
import { CommentsPanel } from '../components/CommentsPanel';
import { PersonalInfoPanel } from '../components/PersonalInfoPanel';
import { PointsPanel } from '../components/PointsPanel';
import { RequestsPanel } from '../components/RequestsPanel';
import { SummaryPanel } from '../components/SummaryPanel';
import { BUILT_KEYS, menuKeys, openedKey } from '../menu';
import type { MyLibraryKey } from '../menu';
import '../my-library.css';

// Its texts load with the screen.
await loadNamespace('myLibrary');

/** The panel of each built entry. */
const PANELS: Partial<Record<MyLibraryKey, () => React.ReactNode>> = {
  '0': () => <SummaryPanel />,
  '1': () => <PersonalInfoPanel />,
  '4': () => <RequestsPanel />,
  '5': () => <BorrowingPanel />,
  '7': () => <BehaviourPanel />,
  '8': () => <PointsPanel />,
  '9': () => <AddressesPanel />,
  '17': () => <CommentsPanel />,
};

/**
 * /personalCenter (and /personalExternal/{n}, `entry`): My Library, a logged-in reader's own. The
 * menu's entries follow the site configuration (spec §2); `?key=` names the open one. A visitor is
 * sent to the login screen and comes back here after it.
 */
export function MyLibraryPage({ entry }: { entry?: string; feature?: string }) {
  const { t } = useTranslation('myLibrary');
  const session = useSession();
  const location = useLocation();
  const [params] = useSearchParams();
  const { myLibraryLeftMenuShowSort, myLibraryLeftMenuNotShowSort } = useConfig();
  const keys = menuKeys(myLibraryLeftMenuShowSort, myLibraryLeftMenuNotShowSort);
  const open = openedKey(keys, entry ?? params.get('key'));
  const entryName = open ? t(`entries.${open}`) : '';
  const title = t('title');
  useEffect(() => {
    setPageTitle(entryName && entryName !== title ? `${entryName} - ${title}` : title);
    return () => setPageTitle('');
  }, [entryName, title]);

  // A visitor goes to the login screen first; a reader who logs out here (or whose single sign-on
  // landed here) is on the way home once logged out (the logout navigates), and sees nothing meanwhile.
  const [wasLoggedIn, setWasLoggedIn] = useState(session.isLoggedIn);
  if (session.isLoggedIn && !wasLoggedIn) setWasLoggedIn(true);
  if (!session.isLoggedIn) {
    if (wasLoggedIn) return null;
    return <Navigate to="/login" replace state={{ next: `${location.pathname}${location.search}` }} />;
  }
  const panel = open ? PANELS[open] : undefined;
  return (
    <div className="of-page of-mylib">
      <h1 className="of-mylib-title">{title}</h1>
      <div className="of-mylib-layout">
        <nav className="of-mylib-menu" aria-label={t('menuLabel')}>
          <ul>
            {keys.map((key) => (
              <li key={key}>
                <Link
                  to={`/personalCenter?key=${key}`}
                  aria-current={key === open ? 'page' : undefined}
                  className={BUILT_KEYS.has(key) ? undefined : 'is-later'}
                >
                  {t(`entries.${key}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <section className="of-mylib-panel" aria-labelledby="of-mylib-entry">
          <h2 id="of-mylib-entry" className="of-mylib-entry">
            {entryName}
          </h2>
          {panel ? panel() : <p className="of-mylib-later">{t('notYet', { entry: entryName })}</p>}
        </section>
      </div>
    </div>
  );
}
