import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { setPageTitle } from '../../../lib/document-title';
import { loadNamespace } from '../../lang';
import { BookListView } from '../components/BookListView';
import { BookListsHome } from '../components/BookListsHome';
import '../book-lists.css';

// Its texts load with the screen.
await loadNamespace('bookLists');

/**
 * /personalCenter/bookListDetails (one chunk): with `?id=`, a book list's page (the library's, a
 * reader's public one, or the reader's own, which they edit there); without, the reader's lists and
 * the public lists.
 */
export function BookListsPage() {
  const { t } = useTranslation('bookLists');
  const [params] = useSearchParams();
  const raw = params.get('id') ?? '';
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : 0;
  const title = t(id ? 'titles.detail' : 'titles.home');
  useEffect(() => {
    if (id) return;
    setPageTitle(title);
    return () => setPageTitle('');
  }, [id, title]);
  if (raw && !id) return <BookListView id={0} />;
  return id ? <BookListView key={id} id={id} /> : <BookListsHome />;
}
