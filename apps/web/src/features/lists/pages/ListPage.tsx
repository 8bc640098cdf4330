import type { ComponentType } from 'react';
import { ConfigProvider } from 'antd';
import '../lists.css';
import { CollectionsPage } from './CollectionsPage';
import { HotBookListsPage } from './HotBookListsPage';
import { HotBorrowingPage } from './HotBorrowingPage';
import { NewBooksPage } from './NewBooksPage';
import { RatingsPage } from './RatingsPage';

/** The list screens by route feature (route-table.ts). */
const LIST_SCREENS: Record<string, ComponentType<{ feature: string }>> = {
  hotCollections: CollectionsPage,
  hotBorrowing: HotBorrowingPage,
  hotRatings: RatingsPage,
  hotBooks: HotBookListsPage,
  newBooks: NewBooksPage,
};

/** One chunk for the five list screens of spec §2 "Recommendation and services". */
export function ListPage({ feature }: { feature: string }) {
  const Screen = LIST_SCREENS[feature] ?? HotBorrowingPage;
  // Buttons keep their text as written (antd would space out two-character Chinese labels).
  return (
    <ConfigProvider button={{ autoInsertSpace: false }}>
      <Screen feature={feature} />
    </ConfigProvider>
  );
}
