import { lazy } from 'react';

/**
 * Subscriptions and alerts: My Library's panel (key 3) and the results page's "subscribe" button
 * (its dialog a chunk of its own), each its own chunk, loaded when needed.
 */
export const SubscriptionsPanel = lazy(() => import('./components/SubscriptionsPanel'));
export const SubscribeButton = lazy(() => import('./components/SubscribeButton'));
