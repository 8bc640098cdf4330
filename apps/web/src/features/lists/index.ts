export { listsApi, useListQuery } from './api/lists-api';
export type { CollectionKind } from './api/lists-api';
export { listKeys } from './query-keys';
