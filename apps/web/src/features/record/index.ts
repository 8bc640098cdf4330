export { recordKeys } from './query-keys';
