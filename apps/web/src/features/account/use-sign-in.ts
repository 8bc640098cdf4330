import { useNavigate } from 'react-router';
import type { LoginAnswer } from '../auth';
import { completeLogin, PASSWORD_EXPIRY_REDIRECT_MS, storePendingPasswordChange } from '../auth';
import { useConfig } from '../site-config';

/**
 * What a binding screen does with the session its call answered (spec §4): keep it and apply the
 * after-login rules, then home (or /forceBinding); a password that must be changed first goes to
 * /modifyPassword (3 s later when it is only too old, as after a login).
 */
export function useSignIn() {
  const config = useConfig();
  const navigate = useNavigate();
  return async (answer: LoginAnswer, credentials: { username: string; password: string }) => {
    if (answer.kind === 'session') {
      const after = await completeLogin(answer.result, config, '/Home');
      await navigate(after.kind === 'forceBinding' ? '/forceBinding' : '/Home', { replace: true });
      return;
    }
    const isTooOld = answer.kind === 'passwordTooOld';
    storePendingPasswordChange({ ...credentials, message: answer.message, isTooOld });
    if (isTooOld) await new Promise((resolve) => setTimeout(resolve, PASSWORD_EXPIRY_REDIRECT_MS));
    await navigate('/modifyPassword', { replace: true });
  };
}
