/** Query keys of the reader's inbox (per reader: a logout clears the cache). */
export const inboxKeys = {
  all: ['inbox'] as const,
  /** The header's unread count. */
  unread: () => [...inboxKeys.all, 'unread'] as const,
  page: (unreadOnly: boolean, page: number) => [...inboxKeys.all, 'page', unreadOnly, page] as const,
  message: (id: number) => [...inboxKeys.all, 'message', id] as const,
};
