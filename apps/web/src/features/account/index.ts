import { lazyAntd } from '../../lib/antd';
import { loadNamespace } from '../lang';

export { accountKeys } from './query-keys';
export type { ContactKind } from './password-rules';
export type { ContactBindingFormProps } from './components/ContactBindingForm';

/**
 * The form that binds a new e-mail address or phone number (code and current password), for other
 * screens to run inline (My Library's personal information): it loads with Ant Design and the account
 * texts when first shown, so a screen that paints without them stays so.
 */
export const ContactBinding = lazyAntd(() =>
  Promise.all([import('./components/ContactBindingForm'), loadNamespace('account')]).then(([m]) => m),
);
