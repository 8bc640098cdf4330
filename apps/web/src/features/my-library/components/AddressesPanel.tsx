import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ADDRESS_MAX_LENGTH, type AddressField, type CodeName, type ReaderAddress } from '@openfind/contract';
import { Button } from '../../../components/Button';
import { notify } from '../../../lib/antd';
import {
  useAddresses,
  useAddressTypes,
  useDeleteAddress,
  useSaveAddress,
  useSetDefaultAddress,
} from '../api/addresses';
import { addressFormErrors, draftOfForm, emptyAddressForm, formOfAddress, type AddressForm } from '../address-form';
import { PanelStatus, hasData } from './PanelStatus';

/** What the panel is doing: listing, adding an address, or changing one. */
type Editing = { kind: 'none' } | { kind: 'add' } | { kind: 'edit'; addressId: number };

/** Addresses (key 9): where requested books are delivered; one is the default. */
export function AddressesPanel() {
  const { t } = useTranslation('myLibrary');
  const addresses = useAddresses();
  const types = useAddressTypes();
  const [editing, setEditing] = useState<Editing>({ kind: 'none' });

  if (!hasData(addresses) || !hasData(types))
    return <PanelStatus query={[addresses, types]} failed={t('addresses.loadFailed')} />;
  const { list, totalCount, max } = addresses.data;
  const isFull = totalCount >= max;
  const close = (focus?: () => void) => {
    setEditing({ kind: 'none' });
    // Back to where the reader was once the form is gone.
    requestAnimationFrame(() => focus?.());
  };
  return (
    <div className="of-addresses">
      <div className="of-addresses-bar">
        <p className="of-loans-count">
          {totalCount ? t('addresses.count', { count: totalCount, max }) : t('addresses.empty')}
        </p>
        {editing.kind === 'add' ? null : (
          <Button
            id="of-addresses-add"
            variant="primary"
            disabled={isFull}
            aria-describedby={isFull ? 'of-addresses-full' : undefined}
            onClick={() => setEditing({ kind: 'add' })}
          >
            {t('addresses.add')}
          </Button>
        )}
      </div>
      {isFull ? (
        <p id="of-addresses-full" className="of-addresses-note">
          {t('addresses.full', { max })}
        </p>
      ) : null}
      {editing.kind === 'add' ? (
        <AddressEditor
          types={types.data}
          initial={emptyAddressForm(types.data[0]?.code ?? 'home', totalCount === 0)}
          addressId={null}
          isOnly={totalCount === 0}
          onDone={() => close(() => document.getElementById('of-addresses-add')?.focus())}
        />
      ) : null}
      {list.length ? (
        <ul className="of-addresses-list" aria-label={t('addresses.listLabel')}>
          {list.map((address) =>
            editing.kind === 'edit' && editing.addressId === address.addressId ? (
              <li key={address.addressId} className="of-address is-editing">
                <AddressEditor
                  types={types.data}
                  initial={formOfAddress(address)}
                  addressId={address.addressId}
                  isOnly={totalCount === 1}
                  onDone={() => close(() => document.getElementById(`of-address-edit-${address.addressId}`)?.focus())}
                />
              </li>
            ) : (
              <AddressItem
                key={address.addressId}
                address={address}
                onEdit={() => setEditing({ kind: 'edit', addressId: address.addressId })}
              />
            ),
          )}
        </ul>
      ) : null}
    </div>
  );
}

function AddressItem({ address, onEdit }: { address: ReaderAddress; onEdit: () => void }) {
  const { t } = useTranslation('myLibrary');
  const remove = useDeleteAddress();
  const setDefault = useSetDefaultAddress();
  const [isConfirming, setIsConfirming] = useState(false);
  const confirmId = useId();
  // Names the buttons of this address for assistive technology ("Edit: 李明, 中关村大街 27 号").
  const which = <span className="of-visually-hidden">{`: ${address.recipient}, ${address.detail}`}</span>;
  const onDelete = () =>
    remove.mutate(address.addressId, {
      onSuccess: ({ message }) => notify('success', message),
      onSettled: () => setIsConfirming(false),
    });
  const onSetDefault = () =>
    setDefault.mutate(address.addressId, { onSuccess: ({ message }) => notify('success', message) });
  return (
    <li className={`of-address${address.isDefault ? ' is-default' : ''}`}>
      <div className="of-address-body">
        <p className="of-address-head">
          <span className="of-address-type">{address.addressTypeName}</span>
          {address.isDefault ? <span className="of-address-default">{t('addresses.default')}</span> : null}
        </p>
        <p className="of-address-who">
          <strong>{address.recipient}</strong> <span className="of-address-phone">{address.phone}</span>
        </p>
        <p className="of-address-where">
          {address.region} {address.detail}
        </p>
        <p className="of-address-postcode">{t('addresses.postcodeShown', { postcode: address.postcode })}</p>
      </div>
      {isConfirming ? (
        <div className="of-request-confirm" role="group" aria-labelledby={confirmId}>
          <p id={confirmId} className="of-address-confirm-text">
            {t('addresses.confirmText')}
          </p>
          <Button size="small" variant="primary" busy={remove.isPending} onClick={onDelete} autoFocus>
            {t('addresses.confirmDelete')}
          </Button>
          <Button size="small" onClick={() => setIsConfirming(false)}>
            {t('addresses.keep')}
          </Button>
        </div>
      ) : (
        <div className="of-address-actions">
          <Button size="small" id={`of-address-edit-${address.addressId}`} onClick={onEdit}>
            {t('addresses.edit')}
            {which}
          </Button>
          {address.isDefault ? null : (
            <Button size="small" busy={setDefault.isPending} onClick={onSetDefault}>
              {t('addresses.setDefault')}
              {which}
            </Button>
          )}
          <Button size="small" onClick={() => setIsConfirming(true)}>
            {t('addresses.delete')}
            {which}
          </Button>
        </div>
      )}
    </li>
  );
}

/** The fields of the form, in order, with the kind of input each is. */
const TEXT_FIELDS: { name: Exclude<AddressField, 'addressType'>; autoComplete: string; type?: string }[] = [
  { name: 'recipient', autoComplete: 'name' },
  { name: 'phone', autoComplete: 'tel', type: 'tel' },
  { name: 'region', autoComplete: 'address-level1' },
  { name: 'detail', autoComplete: 'street-address' },
  { name: 'postcode', autoComplete: 'postal-code' },
];

/** Fields with a hint below them. */
const HINTED = new Set<AddressField>(['phone', 'region', 'detail', 'postcode']);

function AddressEditor({
  types,
  initial,
  addressId,
  isOnly,
  onDone,
}: {
  types: CodeName[];
  initial: AddressForm;
  addressId: number | null;
  /** The reader's only address: the default whatever the box says. */
  isOnly: boolean;
  onDone: () => void;
}) {
  const { t } = useTranslation('myLibrary');
  const save = useSaveAddress();
  const [form, setForm] = useState(initial);
  const [showErrors, setShowErrors] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const base = useId();
  const idOf = (name: string) => `${base}-${name}`;
  const errors = showErrors ? addressFormErrors(form) : {};
  const errorCount = Object.keys(errors).length;
  const title = t(addressId === null ? 'addresses.addTitle' : 'addresses.editTitle');

  // The first field takes the focus when the form opens.
  useEffect(() => {
    formRef.current?.querySelector<HTMLElement>('select, input')?.focus();
  }, []);

  const set = (name: keyof AddressForm, value: string | boolean) => setForm((f) => ({ ...f, [name]: value }));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problems = addressFormErrors(form);
    const first = Object.keys(problems)[0];
    if (first) {
      setShowErrors(true);
      document.getElementById(idOf(first))?.focus();
      return;
    }
    if (save.isPending) return;
    save.mutate(
      { addressId, draft: draftOfForm(form) },
      {
        onSuccess: ({ message }) => {
          notify('success', message);
          onDone();
        },
      },
    );
  };

  return (
    <form ref={formRef} className="of-address-form" noValidate onSubmit={onSubmit} aria-labelledby={idOf('title')}>
      <h3 id={idOf('title')} className="of-address-form-title">
        {title}
      </h3>
      <p className="of-address-form-note">
        <span className="of-required" aria-hidden="true">
          *
        </span>{' '}
        {t('addresses.requiredNote')}
      </p>
      {errorCount ? (
        <p className="of-address-form-summary" role="alert">
          {t('addresses.fixErrors', { count: errorCount })}
        </p>
      ) : null}
      <div className="of-field">
        <label htmlFor={idOf('addressType')}>{t('addresses.fields.addressType')}</label>
        <select
          id={idOf('addressType')}
          className="of-select"
          value={form.addressType}
          onChange={(e) => set('addressType', e.target.value)}
        >
          {types.map((type) => (
            <option key={type.code} value={type.code}>
              {type.name}
            </option>
          ))}
        </select>
      </div>
      {TEXT_FIELDS.map(({ name, autoComplete, type }) => {
        const error = errors[name];
        const described = [HINTED.has(name) ? idOf(`${name}-hint`) : '', error ? idOf(`${name}-error`) : '']
          .filter(Boolean)
          .join(' ');
        const common = {
          id: idOf(name),
          className: 'of-input',
          value: form[name],
          maxLength: ADDRESS_MAX_LENGTH[name],
          autoComplete,
          'aria-required': true,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': described || undefined,
        } as const;
        return (
          <div key={name} className={`of-field${error ? ' has-error' : ''}`}>
            <label htmlFor={idOf(name)}>
              {t(`addresses.fields.${name}`)}
              <span className="of-required" aria-hidden="true">
                {' *'}
              </span>
            </label>
            {name === 'detail' ? (
              <textarea {...common} rows={2} onChange={(e) => set(name, e.target.value)} />
            ) : (
              <input {...common} type={type ?? 'text'} onChange={(e) => set(name, e.target.value)} />
            )}
            {HINTED.has(name) ? (
              <p id={idOf(`${name}-hint`)} className="of-field-hint">
                {t(`addresses.hints.${name}`)}
              </p>
            ) : null}
            {error ? (
              <p id={idOf(`${name}-error`)} className="of-field-error">
                {t(`addresses.errors.${error}`)}
              </p>
            ) : null}
          </div>
        );
      })}
      <label className="of-field-check">
        <input
          type="checkbox"
          checked={form.isDefault || isOnly}
          disabled={isOnly || initial.isDefault}
          onChange={(e) => set('isDefault', e.target.checked)}
        />
        {t('addresses.fields.isDefault')}
      </label>
      <div className="of-address-form-actions">
        <Button type="submit" variant="primary" busy={save.isPending}>
          {t('addresses.save')}
        </Button>
        <Button onClick={onDone}>{t('addresses.cancel')}</Button>
      </div>
    </form>
  );
}
