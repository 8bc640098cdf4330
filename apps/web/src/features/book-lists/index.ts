import { Suspense, createElement, lazy } from 'react';
import type { ComponentProps } from 'react';

/**
 * Readers' book lists: the screen (/personalCenter/bookListDetails) is loaded by the route table
 * (app/screens.ts); the record page's "add to book list" dialog and My Library's "My book lists" tab
 * are chunks of their own, loaded when first opened.
 */
const Dialog = lazy(() => import('./components/AddToBookListDialog'));

/** The record page's "add to book list" dialog (a native modal dialog, its own chunk with its texts). */
export function AddToBookListDialog(props: ComponentProps<typeof Dialog>) {
  return createElement(Suspense, { fallback: null }, createElement(Dialog, props));
}

/** My Library's favourites panel, tab "My book lists" (its own chunk with its texts). */
export const BookListsTab = lazy(() => import('./components/BookListsTab'));
