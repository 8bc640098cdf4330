import { useState } from 'react';
import { Alert, Button, Checkbox, Input, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  FIXED_ICON_ADDRESS_MAX,
  FIXED_ICON_GLYPHS,
  FIXED_ICON_KINDS,
  FIXED_ICON_NAME_MAX,
  MAX_FIXED_ICONS,
  type FixedIconKind,
} from '@openfind/contract';
import { ApiError } from '../../../lib/http';
import { checkIcons, move, newDraft, toDrafts, toSave, type IconDraft, type IconErrors } from './icon-form';
import {
  type FixedIconSet,
  isIconsChangedMeanwhile,
  useAdminFixedIcons,
  useReloadFixedIcons,
  useSaveFixedIcons,
} from './home-navigation-api';

type Props = { editable: boolean };

/**
 * The fixed icons at the page's right edge (`/find/admin/homePage/fixedIcons`): administrators add,
 * name (three languages), point, switch on or off, reorder and remove them, then save the whole list
 * from the version read (someone else's save meanwhile is reported, never overwritten); desk staff
 * see them read-only. The server's rules are checked at the fields first; its message is shown too.
 */
export function FixedIconsPanel({ editable }: Props) {
  const { t } = useTranslation('adminHomeNav');
  const icons = useAdminFixedIcons();
  if (icons.isPending) return <p className="of-ahn-muted">{t('editor.loading')}</p>;
  if (icons.isError) return <Alert type="error" showIcon message={t('editor.failed')} />;
  // A fresh editor for each set read or saved: its drafts start from that set.
  return <IconEditor key={icons.dataUpdatedAt} set={icons.data} editable={editable} />;
}

function IconEditor({ set, editable }: Props & { set: FixedIconSet }) {
  const { t } = useTranslation('adminHomeNav');
  const save = useSaveFixedIcons();
  const reload = useReloadFixedIcons();
  const [drafts, setDrafts] = useState<IconDraft[]>(() => toDrafts(set.list));
  const [errors, setErrors] = useState<IconErrors>({});
  const [dirty, setDirty] = useState(false);

  const change = (next: IconDraft[]) => {
    setDrafts(next);
    setDirty(true);
    if (Object.keys(errors).length) setErrors(checkIcons(next));
    if (save.isError) save.reset();
  };
  const edit = (key: number, patch: Partial<IconDraft>) =>
    change(drafts.map((d) => (d.key === key ? { ...d, ...patch } : d)));
  const submit = () => {
    const found = checkIcons(drafts);
    setErrors(found);
    if (Object.keys(found).length) return;
    save.mutate({ list: toSave(drafts), version: set.version });
  };

  const conflict = isIconsChangedMeanwhile(save.error);
  const serverMessage = save.error instanceof ApiError ? save.error.message : '';
  const fieldError = (key: number, field: keyof IconErrors[number]) => {
    const e = errors[key]?.[field];
    return e ? t(`editor.errors.${e}`, { max: FIXED_ICON_NAME_MAX }) : '';
  };

  return (
    <div className="of-ahn-icons" data-testid="fixed-icons-editor">
      <p className="of-ahn-muted">{t('editor.intro', { max: MAX_FIXED_ICONS })}</p>
      {!editable ? <Alert type="info" showIcon message={t('editor.readOnly')} /> : null}
      {set.updatedAt ? (
        <p className="of-ahn-muted">
          {t('editor.updated', { at: new Date(set.updatedAt).toLocaleString(), by: set.updatedBy })}
        </p>
      ) : null}
      {conflict ? (
        <Alert
          type="warning"
          showIcon
          message={serverMessage}
          action={
            <Button size="small" onClick={() => void reload()}>
              {t('editor.reload')}
            </Button>
          }
        />
      ) : serverMessage ? (
        <Alert type="error" showIcon message={serverMessage} role="alert" />
      ) : null}
      {drafts.length === 0 ? <p className="of-ahn-muted">{t('editor.none')}</p> : null}
      <ol className="of-ahn-icon-list">
        {drafts.map((icon, index) => {
          const n = index + 1;
          const id = (field: string) => `of-ahn-${icon.key}-${field}`;
          const err = (field: keyof IconErrors[number]) => fieldError(icon.key, field);
          const described = (field: keyof IconErrors[number]) =>
            err(field) ? { 'aria-invalid': true, 'aria-describedby': id(`${field}-error`) } : {};
          const message = (field: keyof IconErrors[number]) =>
            err(field) ? (
              <span id={id(`${field}-error`)} className="of-ahn-error">
                {err(field)}
              </span>
            ) : null;
          return (
            <li key={icon.key} className="of-ahn-icon" data-testid="fixed-icon-item">
              <fieldset disabled={!editable}>
                <legend>{t('editor.iconN', { n, name: icon.name || t('editor.unnamed') })}</legend>
                <div className="of-ahn-grid">
                  <div className="of-ahn-field">
                    <label htmlFor={id('kind')}>{t('editor.kind')}</label>
                    <Select<FixedIconKind>
                      id={id('kind')}
                      value={icon.kind}
                      disabled={!editable}
                      onChange={(kind) => edit(icon.key, { kind })}
                      options={FIXED_ICON_KINDS.map((k) => ({ value: k, label: t(`editor.kinds.${k}`) }))}
                      status={err('kind') ? 'error' : undefined}
                      {...described('kind')}
                    />
                    {message('kind')}
                  </div>
                  <div className="of-ahn-field">
                    <label htmlFor={id('glyph')}>{t('editor.glyph')}</label>
                    <Select
                      id={id('glyph')}
                      value={icon.glyph}
                      disabled={!editable}
                      onChange={(glyph) => edit(icon.key, { glyph })}
                      options={FIXED_ICON_GLYPHS.map((g) => ({ value: g, label: t(`editor.glyphs.${g}`) }))}
                    />
                  </div>
                  {(['name', 'nameTw', 'nameEn'] as const).map((field) => (
                    <div key={field} className="of-ahn-field">
                      <label htmlFor={id(field)}>{t(`editor.${field}`)}</label>
                      <Input
                        id={id(field)}
                        value={icon[field]}
                        maxLength={FIXED_ICON_NAME_MAX}
                        onChange={(e) => edit(icon.key, { [field]: e.target.value })}
                        status={err(field) ? 'error' : undefined}
                        {...described(field)}
                      />
                      {message(field)}
                    </div>
                  ))}
                  {icon.kind !== 'top' ? (
                    <div className="of-ahn-field is-wide">
                      <label htmlFor={id('address')}>
                        {t(icon.kind === 'qr' ? 'editor.imageAddress' : 'editor.linkAddress')}
                      </label>
                      <Input
                        id={id('address')}
                        value={icon.address}
                        maxLength={FIXED_ICON_ADDRESS_MAX}
                        placeholder={icon.kind === 'qr' ? '/assets/wechat-qr.png' : '/feedback'}
                        onChange={(e) => edit(icon.key, { address: e.target.value })}
                        status={err('address') ? 'error' : undefined}
                        {...described('address')}
                      />
                      <span className="of-ahn-muted">{t('editor.addressHelp')}</span>
                      {message('address')}
                    </div>
                  ) : null}
                </div>
                <div className="of-ahn-row">
                  <label className="of-ahn-switch">
                    <Switch
                      size="small"
                      checked={icon.enabled}
                      disabled={!editable}
                      onChange={(enabled) => edit(icon.key, { enabled })}
                    />
                    {t('editor.enabled')}
                  </label>
                  {icon.kind === 'link' ? (
                    <Checkbox
                      checked={icon.newTab}
                      disabled={!editable}
                      onChange={(e) => edit(icon.key, { newTab: e.target.checked })}
                    >
                      {t('editor.newTab')}
                    </Checkbox>
                  ) : null}
                  {editable ? (
                    <span className="of-ahn-actions">
                      <Button
                        size="small"
                        disabled={index === 0}
                        aria-label={t('editor.upN', { n })}
                        onClick={() => change(move(drafts, index, -1))}
                      >
                        {t('editor.up')}
                      </Button>
                      <Button
                        size="small"
                        disabled={index === drafts.length - 1}
                        aria-label={t('editor.downN', { n })}
                        onClick={() => change(move(drafts, index, 1))}
                      >
                        {t('editor.down')}
                      </Button>
                      <Button
                        size="small"
                        danger
                        aria-label={t('editor.removeN', { n })}
                        onClick={() => change(drafts.filter((d) => d.key !== icon.key))}
                      >
                        {t('editor.remove')}
                      </Button>
                    </span>
                  ) : null}
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      {editable ? (
        <div className="of-ahn-row">
          <Button
            disabled={drafts.length >= MAX_FIXED_ICONS}
            onClick={() => change([...drafts, newDraft(drafts.some((d) => d.kind === 'top') ? 'link' : 'top')])}
          >
            {t('editor.add')}
          </Button>
          <Button type="primary" loading={save.isPending} disabled={!dirty} onClick={submit}>
            {t('editor.save')}
          </Button>
          {dirty ? <span className="of-ahn-muted">{t('editor.unsaved')}</span> : null}
        </div>
      ) : null}
    </div>
  );
}
