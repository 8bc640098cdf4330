import { useMutation, useQuery } from '@tanstack/react-query';
import * as Calls from '@openfind/contract/calls';
import type { ClosedAccount, ClosingCheck } from '@openfind/contract';
import { api, apiAddress, requestContext } from '../../lib/api-client';
import { ApiError, UNAUTHORIZED_ERR_CODE, buildHeaders } from '../../lib/http';
import { readSessionToken } from '../../lib/session';
import { fileNameOf } from './file-name';

const closingKeys = { check: () => ['accountClosing', 'check'] as const };

/** What keeps the account open now (asked afresh whenever the panel opens: a return elsewhere changes it). */
export function useClosingCheck() {
  return useQuery({
    queryKey: closingKeys.check(),
    queryFn: ({ signal }): Promise<ClosingCheck> => api.call(Calls.closingCheck, undefined, { signal }),
    refetchOnMount: 'always',
  });
}

/** Closes the account; a refusal (password, reasons) comes back to the form, not as a toast. */
export function useCloseAccount() {
  return useMutation({
    mutationFn: (input: { password: string; confirmed: boolean }): Promise<{ data: ClosedAccount; message: string }> =>
      api.callWithMessage(Calls.closeAccount, input, { silent: true }),
  });
}

/**
 * Downloads the reader's data: the call with the session's headers (a plain link would carry none),
 * then the file saved under the name the server gave. Rejects with the server's message.
 */
export async function downloadMyData(): Promise<void> {
  const res = await fetch(apiAddress(Calls.exportMyData.path), {
    headers: buildHeaders(requestContext(), readSessionToken(), false),
    credentials: 'same-origin',
  });
  const disposition = res.headers.get('content-disposition');
  if (!res.ok || !disposition?.startsWith('attachment')) {
    const envelope = (await res.json().catch(() => null)) as { message?: string; errCode?: number } | null;
    const unauthorized = res.status === 401 || envelope?.errCode === UNAUTHORIZED_ERR_CODE;
    throw new ApiError(
      unauthorized ? 'unauthorized' : 'http',
      envelope?.message ?? '',
      envelope?.errCode ?? null,
      res.status,
    );
  }
  const blob = await res.blob();
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileNameOf(disposition, 'my-data.json');
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
