import * as Calls from '@openfind/contract/calls';

import type { SearchResponse } from '@openfind/contract';
import { api } from '../../../lib/api-client';
import { useQueryAfterPaint } from '../../../lib/first-paint';
import { recordKeys } from '../query-keys';

/** How many related records the details page shows. */
export const RELATED_ROWS = 8;

/** What relates records to one: its subjects and classes. */
export type Relation = { recordId: number; subjects: string[]; classes: string[] };

/** Records sharing subjects or class with a record (`searchForDetail`); silent, the list hides on failure. */
export function getRelatedRecords(relation: Relation, signal?: AbortSignal): Promise<SearchResponse> {
  const body = {
    excludeField: 'record_id',
    excludeFieldContent: relation.recordId,
    subject: relation.subjects,
    kindNo: relation.classes,
    rows: RELATED_ROWS,
  };
  return api.call(Calls.searchForDetail, body, { signal, silent: true });
}

/** Related records; waits until the record's subjects and classes are known. */
export function useRelatedRecords(relation: Relation | null) {
  return useQueryAfterPaint({
    queryKey: recordKeys.related(relation),
    queryFn: ({ signal }) => getRelatedRecords(relation!, signal),
    enabled: relation !== null && (relation.subjects.length > 0 || relation.classes.length > 0),
    retry: false,
  });
}
