/** The account screens' query keys (TanStack Query). */
export const accountKeys = {
  all: ['account'] as const,
  /** The logged-in reader, when the session holds none yet. */
  userInfo: () => [...accountKeys.all, 'userInfo'] as const,
  /** Binding changes left today for a reader. */
  bindTimes: (userId: string | undefined) => [...accountKeys.all, 'bindTimes', userId] as const,
};
