import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { setPageTitle } from '../../../lib/document-title';
import { loadNamespace } from '../../lang';
import { DatabaseDetail } from '../components/DatabaseDetail';
import { DatabaseNav } from '../components/DatabaseNav';
import { NewDatabases } from '../components/NewDatabases';
import '../databases.css';

// Its texts load with the screen.
await loadNamespace('databases');

const TITLES: Record<string, string> = {
  databases: 'titles.nav',
  databaseDetails: 'titles.detail',
  newDatabases: 'titles.new',
  newDatabaseDetails: 'titles.detail',
};

/**
 * The databases navigation (spec §2 "Navigation"), one chunk: /dataBaseNav (subjects, types, A–Z,
 * search, access), /dataBaseNav/details/:id, /newDataBase (new and trial databases) and its details.
 */
export function DatabasesPage({ feature }: { feature: string }) {
  const { t } = useTranslation('databases');
  const title = t(TITLES[feature] ?? 'titles.nav');
  useEffect(() => {
    setPageTitle(title);
    return () => setPageTitle('');
  }, [title]);
  if (feature === 'databaseDetails') return <DatabaseDetail from="nav" />;
  if (feature === 'newDatabaseDetails') return <DatabaseDetail from="new" />;
  if (feature === 'newDatabases') return <NewDatabases />;
  return <DatabaseNav />;
}
