import { useId } from 'react';

type Props<V extends string | number> = {
  label: string;
  /** The label shown beside the select (the toolbar) or read by assistive technology only (search rows). */
  showLabel?: boolean;
  value: V;
  onChange: (value: V) => void;
  options: ReadonlyArray<readonly [value: V, text: string]>;
  className?: string;
};

/**
 * A labelled native select: light, accessible, and the phone's own picker on a phone. Numbers come
 * back as numbers.
 */
export function NativeSelect<V extends string | number>({
  label,
  showLabel = false,
  value,
  onChange,
  options,
  className = 'of-select',
}: Props<V>) {
  const id = useId();
  return (
    <>
      <label htmlFor={id} className={showLabel ? undefined : 'of-visually-hidden'}>
        {label}
      </label>
      <select
        id={id}
        className={className}
        value={String(value)}
        onChange={(e) => {
          const chosen = options.find(([v]) => String(v) === e.target.value);
          if (chosen) onChange(chosen[0]);
        }}
      >
        {options.map(([optionValue, text]) => (
          <option key={String(optionValue)} value={String(optionValue)}>
            {text}
          </option>
        ))}
      </select>
    </>
  );
}
