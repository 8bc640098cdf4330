import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { setPageTitle } from '../../../lib/document-title';
import { loadNamespace } from '../../lang';
import { DepartmentHome } from '../components/DepartmentHome';
import { DepartmentList } from '../components/DepartmentList';
import { ResearcherDetailPage, ResearcherListPage } from '../components/Researchers';
import { ThesesPage } from '../components/Theses';
import '../subject-services.css';

// Its texts load with the screen.
await loadNamespace('subjects');

const TITLES: Record<string, string> = {
  departments: 'departments',
  departmentHome: 'departmentHome',
  researchers: 'researchers',
  researcherDetails: 'researcherDetail',
  schoolTheses: 'theses',
};

/**
 * The subject-service screens (spec §2 "Subject service"), one chunk: /departmentList,
 * /departmentHome?id=, /researcher, /researcherDetail?id= and /schoolBaseNav (the institution's theses).
 */
export function SubjectServicesPage({ feature }: { feature: string }) {
  const { t } = useTranslation('subjects');
  const title = t(`titles.${TITLES[feature] ?? 'departments'}`);
  useEffect(() => {
    setPageTitle(title);
    return () => setPageTitle('');
  }, [title]);
  if (feature === 'departmentHome') return <DepartmentHome />;
  if (feature === 'researchers') return <ResearcherListPage />;
  if (feature === 'researcherDetails') return <ResearcherDetailPage />;
  if (feature === 'schoolTheses') return <ThesesPage />;
  return <DepartmentList />;
}
