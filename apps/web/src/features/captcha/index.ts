/**
 * The image code (captcha) of the login, recovery and binding forms: its own feature, so that the
 * first page, which shows none, does not load it.
 */
export { useCaptcha } from './use-captcha';
export { captchaKeys } from './query-keys';
