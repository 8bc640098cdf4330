/**
 * A checkbox with its label and, under the label, a hint that says what it does (read out with the
 * box): the reader's preferences and the reminders' channels.
 */
export function CheckOption({
  id,
  label,
  hint,
  checked,
  disabled,
  onChange,
}: {
  id: string;
  label: string;
  hint: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="of-check-option">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        aria-describedby={`${id}-hint`}
        onChange={(e) => onChange(e.target.checked)}
      />
      <label htmlFor={id}>{label}</label>
      <p id={`${id}-hint`} className="of-check-option-hint">
        {hint}
      </p>
    </div>
  );
}
