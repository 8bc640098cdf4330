export { NotAvailablePage } from './pages/NotAvailablePage';
