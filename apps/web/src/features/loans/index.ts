// Loans: hot borrowing (the call behind the home page's list and the /readRange screen, which are built
// on the list screens' frame) and a record's loans of the last ten years (the chart on its page).
export { getHotLoan } from './api/get-hot-loan';
export { LoanChart } from './components/LoanChart';
export { loanKeys } from './query-keys';
