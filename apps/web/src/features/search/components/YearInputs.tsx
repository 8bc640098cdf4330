import { InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';

type Props = {
  from: number | null;
  to: number | null;
  onFrom: (year: number | null) => void;
  onTo: (year: number | null) => void;
};

/** Two year fields, from and to (publication years). */
export function YearInputs({ from, to, onFrom, onTo }: Props) {
  const { t } = useTranslation('search');
  const field = (label: string, value: number | null, onChange: (year: number | null) => void) => (
    <InputNumber
      aria-label={label}
      placeholder={label}
      min={1}
      max={9999}
      precision={0}
      controls={false}
      value={value}
      onChange={(v) => onChange(v)}
    />
  );
  return (
    <>
      {field(t('facets.yearFrom'), from, onFrom)}
      <span aria-hidden="true">–</span>
      {field(t('facets.yearTo'), to, onTo)}
    </>
  );
}
