import type { ReactNode } from 'react';
import { useEffect } from 'react';
import { setPageTitle } from '../../../lib/document-title';

type Props = {
  title: string;
  /** Actions beside the title (buttons, an export). */
  extra?: ReactNode;
  children: ReactNode;
};

/** A console screen: its heading (and the document's title), actions beside it, then the content. */
export function AdminPage({ title, extra, children }: Props) {
  useEffect(() => setPageTitle(title), [title]);
  return (
    <section className="of-admin-page" aria-labelledby="of-admin-title">
      <div className="of-admin-page-head">
        <h1 id="of-admin-title">{title}</h1>
        {extra ? <div className="of-admin-page-extra">{extra}</div> : null}
      </div>
      {children}
    </section>
  );
}
