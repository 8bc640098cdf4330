import { lazy } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';
import { loadNamespace } from '../../lang';
import { NotAvailablePage } from '../../placeholder';

// This chunk brings the account texts (the account namespace is not loaded at start-up).
await loadNamespace('account');

type Screen = LazyExoticComponent<ComponentType<{ feature: string }>>;

/** One chunk per account screen, loaded when first visited (route feature → screen). */
const SCREENS: Partial<Record<string, Screen>> = {
  modifyPassword: lazy(() => import('./ModifyPasswordPage')),
  resetPassword: lazy(() => import('./ResetPasswordPage')),
  forceBinding: lazy(() => import('./ForceBindingPage')),
  privacy: lazy(() => import('./PrivacyPage')),
  bindAccount: lazy(() => import('./BindAccountPage')),
  bindUid: lazy(() => import('./BindUidPage')),
  relevanceUid: lazy(() => import('./RelevanceUidPage')),
  oldPrivacy: lazy(() => import('./PrivacyPage')),
};

/** The account screens of the route table (page kind `account`): dispatches on the route's feature. */
export function AccountPage({ feature }: { feature: string }) {
  const Screen = SCREENS[feature];
  return Screen ? <Screen feature={feature} /> : <NotAvailablePage feature={feature} />;
}
