import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as Calls from '@openfind/contract/calls';
import type { CallRef, CollectionCalls, InputOf, OutputOf, PackageKind } from '@openfind/contract';
import { notify } from '../../../lib/antd';
import { staffApi } from '../api/staff-api';
import { adminKeys } from '../query-keys';

type C = typeof CollectionCalls;
export type AdminPackage = OutputOf<C['adminPackages']>[number];
export type PackageInput = InputOf<C['adminPackageSave']>;

/** Listed records shown a page. */
export const LISTED_ROWS = 20;

const keys = {
  all: () => adminKeys.area('specialCollections'),
  list: (kind: PackageKind) => adminKeys.area('specialCollections', 'list', kind),
  records: (id: number, page: number) => adminKeys.area('specialCollections', 'records', id, page),
};

export function usePackages(kind: PackageKind) {
  return useQuery({
    queryKey: keys.list(kind),
    queryFn: ({ signal }) => staffApi.call(Calls.adminPackages, { kind }, { signal }),
  });
}

export function useListedRecords(id: number, page: number) {
  return useQuery({
    queryKey: keys.records(id, page),
    queryFn: ({ signal }) => staffApi.call(Calls.adminPackageRecords, { id, page, rows: LISTED_ROWS }, { signal }),
  });
}

/**
 * A change: the server's message as a toast (a failure's — changed meanwhile, a taken code — by the
 * client), and the lists asked again either way, so that after a conflict the latest version shows.
 */
export function usePackageChange<R extends CallRef>(call: R, onDone?: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: InputOf<NonNullable<R['entry']>>) =>
      (staffApi.callWithMessage as (c: R, i: unknown) => Promise<{ message: string }>)(call, input),
    onSuccess: ({ message }) => {
      notify('success', message);
      onDone?.();
    },
    onSettled: () => client.invalidateQueries({ queryKey: keys.all() }),
  });
}
