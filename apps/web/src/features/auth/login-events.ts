/** Window event that opens the login dialog (listened to by LoginDialogHost). */
export const OPEN_LOGIN_EVENT = 'openfind:open-login';

/** What the login dialog should say. (The record to return to is read from the current path.) */
export type OpenLoginOptions = {
  /** The action that needs a reader, shown in the dialog ("Log in to use …"). */
  reason?: string;
};

/**
 * Opens the login: the dialog, or straight to the one external method when it is the only one
 * (spec §4 "Login-type choice"). Any screen may call it, e.g. for an action that needs a reader.
 */
export function openLogin(options: OpenLoginOptions = {}): void {
  window.dispatchEvent(new CustomEvent<OpenLoginOptions>(OPEN_LOGIN_EVENT, { detail: options }));
}
