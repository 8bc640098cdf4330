import * as Calls from '@openfind/contract/calls';
import { api } from '../../lib/api-client';

/** Keeps a record; resolves with the server's message, shown to the reader (spec §8). */
export function addFavourite(recordId: number) {
  return api.callWithMessage(Calls.addMyFav, { recordId });
}

/** Stops keeping a record; resolves with the server's message. */
export function cancelFavourite(recordId: number) {
  return api.callWithMessage(Calls.favoritesCancel, { recordId });
}
