export { accountKeys } from './query-keys';
