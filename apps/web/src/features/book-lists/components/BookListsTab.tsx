import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { loadNamespace } from '../../lang';
import { MyLists } from './BookListsHome';
import '../book-lists.css';

// Its texts load with the tab (the favourites panel's chunk stays as it was).
await loadNamespace('bookLists');

/** My Library's favourites, tab "My book lists": the reader's lists, a new list, and the public lists' screen. */
export default function BookListsTab() {
  const { t } = useTranslation('bookLists');
  return (
    <div className="of-bl-tab" data-testid="my-book-lists">
      <MyLists />
      <p className="of-bl-quiet">
        <Link to="/personalCenter/bookListDetails">{t('home.public')}</Link>
      </p>
    </div>
  );
}
