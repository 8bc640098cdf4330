/** The login's query keys (TanStack Query). */
export const authKeys = {
  all: ['auth'] as const,
  /** The login forms' image code. */
  captcha: () => [...authKeys.all, 'captcha'] as const,
};
