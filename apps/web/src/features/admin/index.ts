// The staff console (issue 28) is reached only through its route, /admin/* (app/AppRoutes.tsx loads
// pages/AdminApp lazily): nothing of it is part of the readers' pages.
export { adminKeys } from './query-keys';
