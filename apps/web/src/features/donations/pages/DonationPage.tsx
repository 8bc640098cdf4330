import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { setPageTitle } from '../../../lib/document-title';
import { loadNamespace } from '../../lang';
import { DonatePage } from '../components/DonatePage';
import { DonationHome } from '../components/DonationHome';
import { NewsDetail } from '../components/NewsDetail';
import '../donations.css';

// Its texts load with the screen.
await loadNamespace('donations');

/**
 * The donation screens (spec §2 "Recommendation and services"), one chunk: /bookDonate (the news and
 * the donors list), /bookDonate/detail?id= (a news item in full) and /donate (the offer form).
 */
export function DonationPage({ feature }: { feature: string }) {
  const { t } = useTranslation('donations');
  const title = t(`titles.${feature === 'donate' ? 'donate' : feature === 'bookDonationDetails' ? 'detail' : 'home'}`);
  useEffect(() => {
    setPageTitle(title);
    return () => setPageTitle('');
  }, [title]);
  if (feature === 'donate') return <DonatePage />;
  if (feature === 'bookDonationDetails') return <NewsDetail />;
  return <DonationHome />;
}
