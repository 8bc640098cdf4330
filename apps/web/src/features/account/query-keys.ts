/** The account screens' query keys (TanStack Query). */
export const accountKeys = {
  all: ['account'] as const,
  /** The logged-in reader, when the session holds none yet. */
  userInfo: () => [...accountKeys.all, 'userInfo'] as const,
  /** Binding changes left today for a reader. */
  bindTimes: (userId: string | undefined) => [...accountKeys.all, 'bindTimes', userId] as const,
  /** One draw of an image code. */
  captcha: (scene: 1 | 2, userName: string, draw: number) =>
    [...accountKeys.all, 'captcha', scene, userName, draw] as const,
};
