import { useState } from 'react';
import { Button } from '../../../components/Button';

/**
 * An action that asks once more before it runs (cancel a request, confirm receipt, decline an ask):
 * the button, then in its place the confirming button and the one that keeps things as they are.
 * `onConfirm` gets `done`, to call once the action has settled (the question then closes).
 */
export function ConfirmStep({
  label,
  subject,
  question,
  confirm,
  keep,
  busy,
  primary = false,
  onConfirm,
}: {
  /** The button's words. */
  label: string;
  /** What it acts on (a title), read out after the label. */
  subject: string;
  /** The group's name while it asks (read out). */
  question: string;
  confirm: string;
  keep: string;
  busy: boolean;
  primary?: boolean;
  onConfirm: (done: () => void) => void;
}) {
  const [isConfirming, setIsConfirming] = useState(false);
  if (isConfirming)
    return (
      <div className="of-request-confirm" role="group" aria-label={question}>
        <Button size="small" variant="primary" busy={busy} onClick={() => onConfirm(() => setIsConfirming(false))}>
          {confirm}
        </Button>
        <Button size="small" onClick={() => setIsConfirming(false)}>
          {keep}
        </Button>
      </div>
    );
  return (
    <Button
      size="small"
      variant={primary ? 'primary' : 'default'}
      className="of-loan-renew"
      onClick={() => setIsConfirming(true)}
    >
      {label}
      <span className="of-visually-hidden">{`《${subject}》`}</span>
    </Button>
  );
}
