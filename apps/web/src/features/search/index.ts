export { searchKeys } from './query-keys';
