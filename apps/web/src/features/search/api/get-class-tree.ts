import * as Calls from '@openfind/contract/calls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClassNode } from '@openfind/contract';
import { api } from '../../../lib/api-client';
import { searchKeys } from '../query-keys';

/** The CLC class tree with record counts (`classifica/list`). */
export function getClassTree(signal?: AbortSignal): Promise<ClassNode[]> {
  return api.call(Calls.classificaList, {}, { signal });
}

/** Query options of the class tree. */
export const classTreeQueryOptions = () =>
  queryOptions({ queryKey: searchKeys.classTree(), queryFn: ({ signal }) => getClassTree(signal) });

/** The class tree of the category browse page. */
export function useClassTree() {
  return useQuery(classTreeQueryOptions());
}
