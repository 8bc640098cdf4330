import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { setPageTitle } from '../../../lib/document-title';

type Props = { feature: string; filters?: ReactNode; children: ReactNode };

/** A list screen: its title (h1) and description, the filters, then the list. */
export function ListLayout({ feature, filters, children }: Props) {
  const { t } = useTranslation('lists');
  const title = t(`${feature}.title`);
  useEffect(() => {
    setPageTitle(title);
    return () => setPageTitle('');
  }, [title]);
  return (
    <div className="of-page of-list-page">
      <h1 className="of-list-title">{title}</h1>
      <p className="of-muted of-list-intro">{t(`${feature}.intro`)}</p>
      {filters ? <div className="of-list-filters">{filters}</div> : null}
      <div className="of-list-body">{children}</div>
    </div>
  );
}
