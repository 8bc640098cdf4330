import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as Calls from '@openfind/contract/calls';
import type {
  DonateNews,
  DonateNewsPage,
  Donation,
  DonationCalls,
  DonorPage,
  InputOf,
  MyDonations,
} from '@openfind/contract';
import { api } from '../../lib/api-client';

/**
 * The donation calls of the reader's side. The public lookups (news, donors) fail silently (spec §8:
 * donate lookups): the page says so in place, without a toast.
 */

export const donationKeys = {
  all: ['donations'] as const,
  news: (page: number, lang: string) => [...donationKeys.all, 'news', page, lang] as const,
  newsItem: (id: number, lang: string) => [...donationKeys.all, 'news-item', id, lang] as const,
  donors: (page: number) => [...donationKeys.all, 'donors', page] as const,
};

/** The reader's own donations live under My Library's keys (a logout clears them with the rest). */
export const myDonationKeys = {
  list: (page: number) => ['myLibrary', 'donations', page] as const,
  all: () => ['myLibrary', 'donations'] as const,
};

export function useDonationNews(page: number, rows: number, lang: string) {
  return useQuery({
    queryKey: donationKeys.news(page, lang),
    queryFn: ({ signal }): Promise<DonateNewsPage> =>
      api.call(Calls.searchDonateNews, { page, rows }, { signal, silent: true }),
    placeholderData: keepPreviousData,
  });
}

export function useDonationNewsItem(id: number, lang: string) {
  return useQuery({
    queryKey: donationKeys.newsItem(id, lang),
    queryFn: ({ signal }): Promise<DonateNews> => api.call(Calls.donateNewsDetail, { id }, { signal, silent: true }),
    enabled: id > 0,
    retry: false,
  });
}

export function useDonors(page: number, rows: number) {
  return useQuery({
    queryKey: donationKeys.donors(page),
    queryFn: ({ signal }): Promise<DonorPage> =>
      api.call(Calls.searchDonation, { page, rows }, { signal, silent: true }),
    placeholderData: keepPreviousData,
  });
}

export function useMyDonations(page: number, rows: number) {
  return useQuery({
    queryKey: myDonationKeys.list(page),
    queryFn: ({ signal }): Promise<MyDonations> => api.call(Calls.myDonations, { page, rows }, { signal }),
    refetchOnMount: 'always',
    placeholderData: keepPreviousData,
  });
}

/** An offer as the form sends it. */
export type OfferDraft = InputOf<typeof DonationCalls.offerDonation>;

/** Sends an offer; the reader's list is asked again afterwards. */
export function useOfferDonation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (offer: OfferDraft): Promise<{ data: Donation; message: string }> =>
      api.callWithMessage(Calls.offerDonation, offer),
    onSettled: () => client.invalidateQueries({ queryKey: myDonationKeys.all() }),
  });
}

/** Withdraws a submitted donation. */
export function useCancelDonation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (donationId: number): Promise<{ data: Donation; message: string }> =>
      api.callWithMessage(Calls.cancelDonation, { donationId }),
    onSettled: () => client.invalidateQueries({ queryKey: myDonationKeys.all() }),
  });
}
