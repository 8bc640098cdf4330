import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as Calls from '@openfind/contract/calls';
import type { CalendarFeed, CalendarFeedAction, InputOf, ReminderCalls, ReminderSettings } from '@openfind/contract';
import { api } from '../../../lib/api-client';
import { myLibraryKeys } from '../query-keys';

export type ReminderChoice = InputOf<typeof ReminderCalls.updateReminderSettings>;

/** The reader's due-date reminders and whether a calendar feed is on (asked afresh when the panel opens). */
export function useReminderSettings() {
  return useQuery({
    queryKey: myLibraryKeys.reminders(),
    queryFn: ({ signal }): Promise<ReminderSettings> => api.call(Calls.reminderSettings, undefined, { signal }),
    refetchOnMount: 'always',
  });
}

/** Saves the reader's choices; the answer is the new settings, shown at once. A refusal comes back to the form. */
export function useUpdateReminderSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (choice: ReminderChoice): Promise<{ data: ReminderSettings; message: string }> =>
      api.callWithMessage(Calls.updateReminderSettings, choice, { silent: true }),
    onSuccess: ({ data }) => client.setQueryData(myLibraryKeys.reminders(), data),
  });
}

/**
 * Makes a new calendar address (the old one stops working) or revokes it. The address is in this
 * answer only (the server keeps a hash of its token): the panel shows it until it is left.
 */
export function useCalendarFeed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: CalendarFeedAction): Promise<{ data: CalendarFeed; message: string }> =>
      api.callWithMessage(Calls.calendarFeed, { action }, { silent: true }),
    onSettled: () => client.invalidateQueries({ queryKey: myLibraryKeys.reminders() }),
  });
}
