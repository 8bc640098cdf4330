/** The login's query keys (TanStack Query). */
export const authKeys = {
  all: ['auth'] as const,
  /** One draw of an image code (scene 2: for the account `userName`). */
  captcha: (scene: 1 | 2, userName: string, draw: number) =>
    [...authKeys.all, 'captcha', scene, userName, draw] as const,
};
