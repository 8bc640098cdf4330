import { Route, Routes } from 'react-router';
import { loadNamespace } from '../../lang';
import { ReaderImport } from './ReaderImport';
import { ReaderList } from './ReaderList';
import { ReaderPage } from './ReaderPage';
import './readers.css';

await loadNamespace('adminReaders');

/**
 * The console's readers (/admin/readers): the search, a reader's page (/admin/readers/:readerId) and,
 * for administrators, the CSV import (/admin/readers/import; the server refuses it to others).
 */
export default function ReadersScreen() {
  return (
    <Routes>
      <Route index element={<ReaderList />} />
      <Route path="import" element={<ReaderImport />} />
      <Route path=":readerId" element={<ReaderPage />} />
    </Routes>
  );
}
