import { lazy } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';
import type { StaffRole } from '@openfind/contract';

/** A screen of the console: its menu entry (`admin:nav.<key>`), its path below /admin, who may open it. */
export type AdminScreenDef = {
  key: string;
  /** Below /admin; '' is the console's home; `x/*` has routes of its own inside. */
  path: string;
  /** The lowest role that sees it (the server checks every call again). */
  minRole: StaffRole;
  Component: LazyExoticComponent<ComponentType>;
};

/** The console's screens, in menu order; each is a chunk of its own, loaded when opened. */
export const ADMIN_SCREENS: readonly AdminScreenDef[] = [
  { key: 'dashboard', path: '', minRole: 'staff', Component: lazy(() => import('./dashboard/DashboardScreen')) },
  { key: 'requests', path: 'requests/*', minRole: 'staff', Component: lazy(() => import('./requests/RequestsScreen')) },
  { key: 'readers', path: 'readers/*', minRole: 'staff', Component: lazy(() => import('./readers/ReadersScreen')) },
  {
    key: 'moderation',
    path: 'moderation',
    minRole: 'staff',
    Component: lazy(() => import('./moderation/ModerationScreen')),
  },
  {
    key: 'catalogue',
    path: 'catalogue/*',
    minRole: 'staff',
    Component: lazy(() => import('./catalogue/CatalogueScreen')),
  },
  { key: 'content', path: 'content', minRole: 'staff', Component: lazy(() => import('./content/ContentScreen')) },
  { key: 'courses', path: 'courses', minRole: 'staff', Component: lazy(() => import('./courses/CoursesScreen')) },
  {
    key: 'researchers',
    path: 'researchers',
    minRole: 'staff',
    Component: lazy(() => import('./researchers/ResearchersScreen')),
  },
  {
    key: 'donations',
    path: 'donations',
    minRole: 'staff',
    Component: lazy(() => import('./donations/DonationsScreen')),
  },
  {
    key: 'recommendations',
    path: 'recommendations',
    minRole: 'staff',
    Component: lazy(() => import('./recommendations/RecommendationsScreen')),
  },
  {
    key: 'docDelivery',
    path: 'document-delivery',
    minRole: 'staff',
    Component: lazy(() => import('./doc-delivery/DocDeliveryScreen')),
  },
  {
    key: 'feedback',
    path: 'feedback',
    minRole: 'staff',
    Component: lazy(() => import('./feedback/FeedbackScreen')),
  },
  {
    key: 'eresources',
    path: 'eresources',
    minRole: 'staff',
    Component: lazy(() => import('./eresources/EResourcesScreen')),
  },
  {
    key: 'homeNavigation',
    path: 'home-navigation',
    minRole: 'staff',
    Component: lazy(() => import('./home-navigation/HomeNavigationScreen')),
  },
  {
    key: 'statistics',
    path: 'statistics',
    minRole: 'staff',
    Component: lazy(() => import('./statistics/StatisticsScreen')),
  },
  { key: 'accounts', path: 'accounts', minRole: 'admin', Component: lazy(() => import('./accounts/AccountsScreen')) },
  { key: 'site', path: 'site', minRole: 'admin', Component: lazy(() => import('./site/SiteScreen')) },
  {
    key: 'libraries',
    path: 'libraries',
    minRole: 'admin',
    Component: lazy(() => import('./libraries/LibrariesScreen')),
  },
  { key: 'audit', path: 'audit', minRole: 'admin', Component: lazy(() => import('./audit/AuditScreen')) },
  { key: 'profile', path: 'profile', minRole: 'staff', Component: lazy(() => import('./profile/ProfileScreen')) },
];

/** The screen of one's own account: where an account that must set up its second factor is sent first. */
export const PROFILE_KEY = 'profile';

/** The address of a screen's menu entry, below the console's root. */
export const screenHref = (def: AdminScreenDef) => def.path.replace(/\/?\*$/, '');
