import { Radio } from 'antd';
import { useId } from 'react';

type Option = { value: string; label: string };

/** A labelled row of choices (radio buttons: arrow keys move between them). */
export function ChoiceFilter({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: Option[];
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="of-filter">
      <span id={id} className="of-filter-label">
        {label}
      </span>
      <Radio.Group
        aria-labelledby={id}
        optionType="button"
        value={value}
        options={options}
        onChange={(e) => onChange(String(e.target.value))}
      />
    </div>
  );
}

/** A labelled drop-down (a native select: keyboard and screen readers work as everywhere). */
export function SelectFilter({
  label,
  value,
  options,
  allLabel,
  onChange,
}: {
  label: string;
  value: string;
  options: Option[];
  allLabel: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="of-filter">
      <label htmlFor={id} className="of-filter-label">
        {label}
      </label>
      <select id={id} className="of-select of-filter-select" value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{allLabel}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
