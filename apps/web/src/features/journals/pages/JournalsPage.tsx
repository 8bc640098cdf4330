import { useTranslation } from 'react-i18next';
import { loadNamespace } from '../../lang';
import { JournalDetailView } from '../components/JournalDetailView';
import { JournalNavigation } from '../components/JournalNavigation';
import '../journals.css';

// Its texts load with the screen.
await loadNamespace('journals');

/**
 * Journal navigation (spec §2 "Navigation"), one chunk: /magazineNav (browse by core list, CLC class,
 * A–Z, search, hot journals) and /magazineNavDetail?id= (a journal's page).
 */
export function JournalsPage({ feature }: { feature: string }) {
  useTranslation('journals');
  return feature === 'journalDetails' ? <JournalDetailView /> : <JournalNavigation />;
}
