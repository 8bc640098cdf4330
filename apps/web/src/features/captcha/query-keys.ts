/** The image codes' query keys (TanStack Query). */
export const captchaKeys = {
  all: ['captcha'] as const,
  /** One draw of an image code (scene 2: for the account `userName`). */
  draw: (scene: 1 | 2, userName: string, draw: number) => [...captchaKeys.all, scene, userName, draw] as const,
};
