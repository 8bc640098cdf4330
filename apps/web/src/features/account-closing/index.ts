import { lazy } from 'react';

/**
 * Self-service account closing (My Library key 14) and "download my data": each its own chunk with
 * its texts, loaded when the entry opens or when personal information shows the download.
 */
export const ClosingPanel = lazy(() => import('./components/ClosingPanel'));
export const DownloadDataButton = lazy(() => import('./components/DownloadDataButton'));
