import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as Calls from '@openfind/contract/calls';
import type { CallRef, CollectionCalls, InputOf, OutputOf, PackageKind } from '@openfind/contract';
import { notify } from '../../../lib/antd';
import { staffApi } from '../api/staff-api';
import { adminKeys } from '../query-keys';

type C = typeof CollectionCalls;
export type AdminPackage = OutputOf<C['adminPackages']>[number];
export type PackageInput = InputOf<C['adminPackageSave']>;
export type AdminTopic = OutputOf<C['adminTopics']>[number];
export type TopicInput = InputOf<C['adminTopicSave']>;
/** What holds records listed by hand: a special collection or library, or a topic. */
export type ListedIn = 'package' | 'topic';

/** Listed records shown a page. */
export const LISTED_ROWS = 20;

const keys = {
  all: () => adminKeys.area('specialCollections'),
  list: (kind: PackageKind) => adminKeys.area('specialCollections', 'list', kind),
  records: (of: ListedIn, id: number, page: number) => adminKeys.area('specialCollections', 'records', of, id, page),
  topics: () => adminKeys.area('specialCollections', 'topics'),
};

const RECORDS_CALL = { package: Calls.adminPackageRecords, topic: Calls.adminTopicRecords } as const;

export function usePackages(kind: PackageKind) {
  return useQuery({
    queryKey: keys.list(kind),
    queryFn: ({ signal }) => staffApi.call(Calls.adminPackages, { kind }, { signal }),
  });
}

export function useListedRecords(of: ListedIn, id: number, page: number) {
  return useQuery({
    queryKey: keys.records(of, id, page),
    queryFn: ({ signal }) => staffApi.call(RECORDS_CALL[of], { id, page, rows: LISTED_ROWS }, { signal }),
  });
}

/** Every topic of the institution, hidden ones too, in the library's order. */
export function useTopics() {
  return useQuery({
    queryKey: keys.topics(),
    queryFn: ({ signal }) => staffApi.call(Calls.adminTopics, {}, { signal }),
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
