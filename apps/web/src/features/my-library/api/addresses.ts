import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as Calls from '@openfind/contract/calls';
import type { AddressInput, AddressList, CodeName, ReaderAddress } from '@openfind/contract';
import { api } from '../../../lib/api-client';
import { myLibraryKeys } from '../query-keys';

/** The reader's delivery addresses, the default first. */
export function useAddresses() {
  return useQuery({
    queryKey: myLibraryKeys.addresses(),
    queryFn: ({ signal }): Promise<AddressList> => api.call(Calls.userAddressList, undefined, { signal }),
    refetchOnMount: 'always',
  });
}

/** The institution's address types (home, work, campus, other), in its order. */
export function useAddressTypes() {
  return useQuery({
    queryKey: myLibraryKeys.addressTypes(),
    queryFn: ({ signal }): Promise<CodeName[]> => api.call(Calls.addressTypes, undefined, { signal }),
    staleTime: 10 * 60_000,
  });
}

/** An address as the form sends it. */
export type AddressDraft = AddressInput;

/** Saves an address: a new one, or a change of `addressId`'s. The list is asked again afterwards. */
export function useSaveAddress() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      addressId,
      draft,
    }: {
      addressId: number | null;
      draft: AddressDraft;
    }): Promise<{ data: ReaderAddress; message: string }> =>
      addressId === null
        ? api.callWithMessage(Calls.addUserAddress, draft)
        : api.callWithMessage(Calls.updateUserAddress, { ...draft, addressId }),
    onSettled: () => client.invalidateQueries({ queryKey: myLibraryKeys.addresses() }),
  });
}

/** Deletes an address (the server makes another one the default when it was). */
export function useDeleteAddress() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (
      addressId: number,
    ): Promise<{ data: { deleted: boolean; defaultAddressId: number | null }; message: string }> =>
      api.callWithMessage(Calls.deleteUserAddress, { addressId }),
    onSettled: () => client.invalidateQueries({ queryKey: myLibraryKeys.addresses() }),
  });
}

/** Makes an address the default. */
export function useSetDefaultAddress() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (addressId: number): Promise<{ data: { defaultAddressId: number }; message: string }> =>
      api.callWithMessage(Calls.setDefaultUserAddress, { addressId }),
    onSettled: () => client.invalidateQueries({ queryKey: myLibraryKeys.addresses() }),
  });
}
