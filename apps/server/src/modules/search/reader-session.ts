/**
 * The logged-in reader of a request. Sessions belong to the accounts module; search history and
 * ratings use these two.
 */
export { readerIdOf, requireReader } from '../auth/session-context.js';
