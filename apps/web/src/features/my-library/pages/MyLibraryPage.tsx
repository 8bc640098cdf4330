import { Suspense, lazy, useEffect, useState } from 'react';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { setPageTitle } from '../../../lib/document-title';
import { useSession } from '../../auth';
// Donations (key 11): a lazy component, its own chunk.
import { DonationsPanel } from '../../donations';
// Problem feedback and e-questions (key 12): a lazy component, its own chunk.
import { FeedbackPanel } from '../../feedback';
// Questionnaires (key 10): a lazy component, its own chunk.
import { SurveysPanel } from '../../surveys';
// Favourites (key 2, /myFav): a lazy component, its own chunk.
import { FavouritesPanel } from '../../favourite-folders';
// Account closing (key 14): a lazy component, its own chunk.
import { ClosingPanel } from '../../account-closing';
// My courses (key 16): a lazy component, its own chunk.
import { MyCoursesPanel } from '../../courses';
// Subscriptions and alerts (key 3): a lazy component, its own chunk.
import { SubscriptionsPanel } from '../../subscriptions';
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
import { recommendEntryVisible } from '@openfind/contract';
import { useRecommendState } from '../api/recommendations';
import { useDocDeliveryState } from '../api/doc-delivery';
import { BUILT_KEYS, menuKeys, openedKey } from '../menu';
import type { MyLibraryKey } from '../menu';
import '../my-library.css';

// The inbox (key 13) loads with its entry: its own chunk and texts.
const InboxPanel = lazy(() => import('../components/InboxPanel'));

// Document delivery (key 19): its own chunk and texts; its state decides whether the entry shows.
const DocDeliveryPanel = lazy(() => import('../components/DocDeliveryPanel'));

// Resource recommendation (key 6, /personalCenter/freeOrder): its own chunk and texts.
const RecommendPanel = lazy(() => import('../components/RecommendPanel').then((m) => ({ default: m.RecommendPanel })));

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
  '6': () => (
    <Suspense fallback={<p aria-busy="true" className="of-loans-note" />}>
      <RecommendPanel />
    </Suspense>
  ),
  '9': () => <AddressesPanel />,
  '2': () => (
    <Suspense fallback={<p aria-busy="true" />}>
      <FavouritesPanel />
    </Suspense>
  ),
  '3': () => (
    <Suspense fallback={<p aria-busy="true" />}>
      <SubscriptionsPanel />
    </Suspense>
  ),
  '10': () => (
    <Suspense fallback={<p aria-busy="true" />}>
      <SurveysPanel />
    </Suspense>
  ),
  '11': () => (
    <Suspense fallback={<p aria-busy="true" />}>
      <DonationsPanel />
    </Suspense>
  ),
  '12': () => (
    <Suspense fallback={<p aria-busy="true" />}>
      <FeedbackPanel />
    </Suspense>
  ),
  '13': () => (
    <Suspense fallback={<p aria-busy="true" className="of-loans-note" />}>
      <InboxPanel />
    </Suspense>
  ),
  '14': () => (
    <Suspense fallback={<p aria-busy="true" />}>
      <ClosingPanel />
    </Suspense>
  ),
  '16': () => (
    <Suspense fallback={<p aria-busy="true" />}>
      <MyCoursesPanel />
    </Suspense>
  ),
  '17': () => <CommentsPanel />,
  '19': () => (
    <Suspense fallback={<p aria-busy="true" className="of-loans-note" />}>
      <DocDeliveryPanel />
    </Suspense>
  ),
};

/**
 * /personalCenter (and /personalExternal/{n}, `entry`): My Library, a logged-in reader's own. The
 * menu's entries follow the site configuration (spec §2); `?key=` names the open one. A visitor is
 * sent to the login screen and comes back here after it.
 */
export function MyLibraryPage({ entry, feature }: { entry?: string; feature?: string }) {
  const { t } = useTranslation('myLibrary');
  const session = useSession();
  const location = useLocation();
  const [params] = useSearchParams();
  const config = useConfig();
  const { myLibraryLeftMenuShowSort, myLibraryLeftMenuNotShowSort } = config;
  // Resource recommendation shows only when the server allows it and a site flag is on (spec §6).
  const recommend = useRecommendState(session.isLoggedIn);
  const showRecommend = recommendEntryVisible(recommend.data?.isAllowRecommend ?? true, config);
  // Document delivery shows only when the library's service gives the reader a login link (spec §6);
  // while that is asked, only a visit that names the entry keeps it.
  const delivery = useDocDeliveryState(session.isLoggedIn);
  const showDelivery = delivery.data ? delivery.data.offered : delivery.isPending && params.get('key') === '19';
  const keys = menuKeys(myLibraryLeftMenuShowSort, myLibraryLeftMenuNotShowSort).filter(
    (k) => (k !== '6' || showRecommend) && (k !== '19' || showDelivery),
  );
  // /personalCenter/freeOrder is the recommendation entry.
  // /myFav and /searchList/bookDetailsmyFav/myFav are the favourites entry.
  const byFeature =
    feature === 'freeOrder' ? '6' : feature === 'favourites' || feature === 'favouriteRecord' ? '2' : null;
  const open = openedKey(keys, entry ?? byFeature ?? params.get('key'));
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
            {/* "Other personal-area content" (spec §2): the reader's book lists, a screen of their own. */}
            <li>
              <Link to="/personalCenter/bookListDetails">{t('bookLists')}</Link>
            </li>
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
