/**
 * The reader's inbox, as much of it as the header needs (the unread count): kept tiny, the shell
 * loads it. The inbox's panel is My Library's (features/my-library, loaded with its entry).
 */
export { inboxKeys } from './query-keys';
export { useUnreadCount } from './use-unread-count';
