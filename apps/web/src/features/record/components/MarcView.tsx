import { useTranslation } from 'react-i18next';
import type { MarcField } from '@openfind/contract';

/** The MARC record as catalogued: leader, then tag, indicators and subfields per line. */
export function MarcView({ leader, fields }: { leader: string; fields: MarcField[] }) {
  const { t } = useTranslation('record');
  if (!fields.length) return <p className="of-muted">{t('marc.none')}</p>;
  return (
    <table className="of-marc" aria-label={t('marc.label')}>
      <tbody>
        {leader ? (
          <tr>
            <th scope="row">LDR</th>
            <td />
            <td>{leader}</td>
          </tr>
        ) : null}
        {fields.map((field, i) => (
          <tr key={`${field.tag}-${i}`}>
            <th scope="row">{field.tag}</th>
            <td className="of-marc-ind">{field.ind.replace(/ /g, '_')}</td>
            <td>{field.value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
