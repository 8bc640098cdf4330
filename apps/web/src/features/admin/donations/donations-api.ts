import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as Calls from '@openfind/contract/calls';
import type { DonationCalls, InputOf, OutputOf } from '@openfind/contract';
import { notify } from '../../../lib/antd';
import { staffApi } from '../api/staff-api';
import { adminKeys } from '../query-keys';

export type DonationQuery = InputOf<typeof DonationCalls.adminDonations>;
export type DonationQueue = OutputOf<typeof DonationCalls.adminDonations>;
export type QueueDonation = DonationQueue['list'][number];
export type DonationDecision = InputOf<typeof DonationCalls.adminDecideDonations>;
export type DecisionOutcome = OutputOf<typeof DonationCalls.adminDecideDonations>;
export type ExportQuery = InputOf<typeof DonationCalls.adminExportDonations>;

export const donationAdminKeys = {
  all: () => adminKeys.area('donations'),
  queue: (q: DonationQuery) => adminKeys.area('donations', 'queue', q),
};

/** A page of the queue; the last page stays while the next loads. */
export function useDonationQueue(q: DonationQuery) {
  return useQuery({
    queryKey: donationAdminKeys.queue(q),
    queryFn: ({ signal }) => staffApi.call(Calls.adminDonations, q, { signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * Marks donations received, accepted or declined. The server's message is shown; when every one was
 * changed by someone else meanwhile the call fails (its toast says so) and its outcome still lists them.
 */
export function useDecideDonations(onOutcome: (outcome: DecisionOutcome) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (d: DonationDecision) => staffApi.callWithMessage(Calls.adminDecideDonations, d),
    onSuccess: ({ data, message }) => {
      notify(data.conflicts.length || data.missing.length ? 'warning' : 'success', message);
      onOutcome(data);
    },
    onError: (error: { envelope?: { data?: unknown } | null }) => {
      const data = error.envelope?.data as DecisionOutcome | null | undefined;
      if (data?.conflicts) onOutcome(data);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: donationAdminKeys.all() }),
  });
}

/** The filtered donations, one row per book ("export donates"). */
export function exportDonations(q: ExportQuery) {
  return staffApi.call(Calls.adminExportDonations, q);
}
