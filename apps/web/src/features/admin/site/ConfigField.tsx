import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import { Button, Input, Radio, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { sanitizeHtml } from '../../../lib/sanitize-html';
import { expandHex, maxLengthOf, type ConfigKey, type FieldSpec } from './site-form';

type Props = {
  name: ConfigKey;
  spec: FieldSpec;
  value: string;
  /** A key of `problems` to show, or null. */
  problem: string | null;
  onChange: (value: string) => void;
  /** More beside the input (an upload button). */
  extra?: ReactNode;
};

/**
 * One key of the configuration: its label, its input (a switch, a choice, a colour, text, rich text
 * with a preview), its help and its problem, tied together for screen readers.
 */
export function ConfigField({ name, spec, value, problem, onChange, extra }: Props) {
  const { t, i18n } = useTranslation('adminSite');
  const id = `of-site-${name}`;
  const helpKey = `help.${name}`;
  const help = i18n.exists(helpKey, { ns: 'adminSite' }) ? t(helpKey) : '';
  const describedBy = [help ? `${id}-help` : '', problem ? `${id}-problem` : ''].filter(Boolean).join(' ') || undefined;
  const label = t(`fields.${name}`);
  const status = problem ? ('error' as const) : undefined;
  const common = { id, 'aria-describedby': describedBy, 'aria-invalid': problem ? true : undefined };

  let input: ReactNode;
  switch (spec.kind) {
    case 'flag':
      input = <Switch {...common} checked={value === '1'} onChange={(on) => onChange(on ? '1' : '0')} />;
      break;
    case 'choice':
      input = (
        <Radio.Group
          aria-labelledby={`${id}-label`}
          aria-describedby={describedBy}
          value={value}
          onChange={(e) => onChange(String(e.target.value))}
          options={spec.options.map((o) => ({ value: o, label: t(`options.${name}.${o}`) }))}
        />
      );
      break;
    case 'colour':
      input = (
        <span className="of-site-colour">
          <Input
            {...common}
            value={value}
            status={status}
            maxLength={7}
            onChange={(e) => onChange(e.target.value.trim())}
            data-testid={`site-field-${name}`}
          />
          <input
            type="color"
            className="of-site-colour-pick"
            aria-label={t('colourPicker', { field: label })}
            value={`#${expandHex(value) ?? '000000'}`}
            onChange={(e) => onChange(e.target.value.slice(1))}
          />
        </span>
      );
      break;
    case 'rich':
    case 'longText':
      input = (
        <Input.TextArea
          {...common}
          value={value}
          status={status}
          autoSize={{ minRows: 3, maxRows: 12 }}
          onChange={(e) => onChange(e.target.value)}
        />
      );
      break;
    default:
      input = (
        <Input
          {...common}
          value={value}
          status={status}
          inputMode={spec.kind === 'whole' ? 'numeric' : undefined}
          type={spec.kind === 'mail' ? 'email' : 'text'}
          onChange={(e) => onChange(e.target.value)}
          data-testid={`site-field-${name}`}
        />
      );
  }
  const max = maxLengthOf(spec);
  return (
    <div className={`of-site-field of-site-field-${spec.kind}`}>
      {spec.kind === 'choice' ? (
        <span className="of-site-label" id={`${id}-label`}>
          {label}
        </span>
      ) : (
        <label className="of-site-label" htmlFor={id} id={`${id}-label`}>
          {label}
        </label>
      )}
      <div className="of-site-input">
        {input}
        {extra}
      </div>
      {help ? (
        <p id={`${id}-help`} className="of-site-help">
          {help}
        </p>
      ) : null}
      {max && value.length > max * 0.8 ? (
        <p className="of-site-help">{t('counter', { count: value.length, max })}</p>
      ) : null}
      {problem ? (
        <p id={`${id}-problem`} className="of-site-problem" role="alert">
          {t(`problems.${problem}`, { max })}
        </p>
      ) : null}
      {spec.kind === 'rich' ? <RichPreview html={value} /> : null}
    </div>
  );
}

/** A rich text as readers will see it: cleaned by the same allow-list as the server's. */
function RichPreview({ html }: { html: string }) {
  const { t } = useTranslation('adminSite');
  const [open, setOpen] = useState(false);
  const id = useId();
  if (!html.trim()) return null;
  return (
    <div className="of-site-rich">
      <Button size="small" type="link" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        {open ? t('richPreview.hide') : t('richPreview.show')}
      </Button>
      {open ? (
        <div id={id} className="of-site-rich-preview" dangerouslySetInnerHTML={{ __html: sanitizeHtml(html) }} />
      ) : null}
    </div>
  );
}
