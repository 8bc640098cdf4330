import type { ButtonProps } from 'antd';
import { SpinnerIcon } from './icons';

/**
 * A button's `loading` while it works. Ant Design's own loading icon comes and goes through a
 * transition; a call that answers within a few milliseconds, or a reader who asks for reduced
 * motion (no transitions), can leave that icon behind, named "loading", in the button's accessible
 * name. This icon appears and goes at once and is hidden from assistive technology.
 */
export function busy(isBusy: boolean): ButtonProps['loading'] {
  return isBusy ? { icon: <SpinnerIcon /> } : false;
}
