import i18next from 'i18next';
import { createHttpClient } from '../../../lib/http';
import { requestContext } from '../../../lib/api-client';
import { notify } from '../../../lib/antd';
import { clearStaffSession, readStaffSession } from '../session/staff-session';

/**
 * The staff console's HTTP client: the app's client (headers, envelope, timeout) with the staff
 * session's token in its own header instead of the reader's. A failure shows its translated message
 * as a toast unless the call is `silent`; a session the server no longer accepts is forgotten, and
 * the console's shell then shows the login.
 */
export const staffApi = createHttpClient({
  prefix: import.meta.env.VITE_API_PREFIX ?? '',
  getContext: requestContext,
  getToken: () => {
    const session = readStaffSession();
    return session ? { header: session.header, value: session.token } : null;
  },
  onError: (error) =>
    notify('error', error.message || i18next.t(`errors.${error.kind}`, { status: error.status ?? '' })),
  onUnauthorized: () => {
    notify('warning', i18next.t('admin:session.expired'));
    clearStaffSession();
  },
});
