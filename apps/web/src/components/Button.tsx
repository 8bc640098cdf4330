import type { ButtonHTMLAttributes } from 'react';
import { SpinnerIcon } from './icons';

type Props = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: 'default' | 'primary';
  size?: 'small' | 'middle';
  /** Working: a spinner beside the label (hidden from assistive technology) and `aria-busy`. */
  busy?: boolean;
};

/**
 * A plain button in the portal's look, for screens that paint before Ant Design loads (issue 31):
 * the result rows' and the record page's actions.
 */
export function Button({
  variant = 'default',
  size = 'middle',
  busy = false,
  className,
  type,
  children,
  ...rest
}: Props) {
  const classes = ['of-btn'];
  if (variant === 'primary') classes.push('of-btn--primary');
  if (size === 'small') classes.push('of-btn--small');
  if (className) classes.push(className);
  return (
    <button type={type ?? 'button'} className={classes.join(' ')} aria-busy={busy || undefined} {...rest}>
      {busy ? <SpinnerIcon /> : null}
      {children}
    </button>
  );
}
