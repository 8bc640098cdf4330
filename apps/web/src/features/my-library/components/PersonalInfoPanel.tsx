import { Suspense, useId, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PersonalInfo } from '@openfind/contract';
import { Button } from '../../../components/Button';
import { ApiError } from '../../../lib/http';
import { ContactBinding } from '../../account';
// "Download my data" (key 14's export, offered here at any time): its own chunk and texts.
import { DownloadDataButton } from '../../account-closing';
import type { ContactKind } from '../../account';
import { usePersonalInfo, useUpdatePersonalInfo } from '../api/personal-info';
import { myLibraryKeys } from '../query-keys';
import { AvatarEditor } from './AvatarEditor';
import { IdNumberForm } from './IdNumberForm';
import './personal-info.css';
import { PanelStatus, hasData } from './PanelStatus';
import { CheckOption } from './CheckOption';

/** One row of a list of fields: the label, the value (or "not given"), and what can be done with it. */
function Field({ label, value, children }: { label: string; value: ReactNode; children?: ReactNode }) {
  const { t } = useTranslation('myLibrary');
  const empty = value === '' || value === null || value === undefined;
  return (
    <div className="of-info-row">
      <dt>{label}</dt>
      <dd>
        <span className={empty ? 'of-info-value is-empty' : 'of-info-value'}>
          {empty ? t('personalInfo.none') : value}
        </span>
        {children}
      </dd>
    </div>
  );
}

/** A group of fields under its heading. */
function Group({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="of-info-group" aria-labelledby={id}>
      <h3 id={id} className="of-info-title">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** A yes/no mark: verified, linked. */
function Mark({ on, yes, no }: { on: boolean; yes: string; no: string }) {
  return <span className={on ? 'of-info-mark is-on' : 'of-info-mark'}>{on ? yes : no}</span>;
}

/** Yuan as the reader's language writes money. */
function money(amount: string, lang: string): string {
  const n = Number(amount);
  if (!Number.isFinite(n)) return amount;
  return new Intl.NumberFormat(lang, { style: 'currency', currency: 'CNY' }).format(n);
}

/**
 * Personal information (key 1, spec §3): what the library knows of the reader; the avatar, the
 * certificate number and the borrowing preferences to change; the phone and e-mail to change through
 * the binding form of /forceBinding (a code to the new address and the current password), run here.
 */
export function PersonalInfoPanel() {
  const { t } = useTranslation('myLibrary');
  const query = usePersonalInfo();
  if (!hasData(query)) return <PanelStatus query={query} failed={t('personalInfo.loadFailed')} />;
  return <PersonalInfoView info={query.data} />;
}

function PersonalInfoView({ info }: { info: PersonalInfo }) {
  const { t, i18n } = useTranslation('myLibrary');
  const base = useId();
  const canChange = info.status !== 'lost';
  const validity =
    info.validFrom && info.validUntil
      ? t('personalInfo.validRange', { from: info.validFrom, until: info.validUntil })
      : info.validUntil
        ? t('personalInfo.validUntil', { date: info.validUntil })
        : '';
  return (
    <div className="of-info">
      <AvatarEditor info={info} canChange={canChange} />
      {canChange ? null : <p className="of-info-note">{t('personalInfo.lostNote')}</p>}

      <Group id={`${base}-account`} title={t('personalInfo.sections.account')}>
        <dl className="of-info-list">
          <Field label={t('personalInfo.fields.name')} value={info.name} />
          <Field label={t('personalInfo.fields.account')} value={info.account} />
          <Field label={t('personalInfo.fields.cardNo')} value={info.cardNo} />
          <Field label={t('personalInfo.fields.library')} value={info.libName || info.libCode} />
          <Field label={t('personalInfo.fields.readerType')} value={info.readerType} />
          <Field
            label={t('personalInfo.fields.status')}
            value={
              <span className={info.status === 'normal' ? undefined : 'of-info-alert'}>
                {t(`personalInfo.status.${info.status}`)}
              </span>
            }
          />
          <Field label={t('personalInfo.fields.validity')} value={validity}>
            {info.cardExpired ? <span className="of-info-mark is-alert">{t('personalInfo.expired')}</span> : null}
          </Field>
        </dl>
      </Group>

      <Group id={`${base}-affiliation`} title={t('personalInfo.sections.affiliation')}>
        <dl className="of-info-list">
          <Field label={t('personalInfo.fields.department')} value={info.department} />
          <Field label={t('personalInfo.fields.position')} value={info.position} />
          <Field label={t('personalInfo.fields.grade')} value={info.grade} />
          <Field label={t('personalInfo.fields.className')} value={info.className} />
        </dl>
      </Group>

      <CertificateGroup id={`${base}-certificate`} info={info} canChange={canChange} />
      <ContactGroup id={`${base}-contact`} info={info} />

      <Group id={`${base}-bindings`} title={t('personalInfo.sections.bindings')}>
        <dl className="of-info-list">
          {(
            [
              ['wechat', info.wechatBindFlag],
              ['xuexitong', info.xuexitongBindFlag],
              ['unifiedAuth', info.unifiedAuthBindFlag],
            ] as const
          ).map(([key, flag]) => (
            <Field
              key={key}
              label={t(`personalInfo.fields.${key}`)}
              value={<Mark on={flag === '1'} yes={t('personalInfo.bound')} no={t('personalInfo.unbound')} />}
            />
          ))}
        </dl>
      </Group>

      <Group id={`${base}-money`} title={t('personalInfo.sections.money')}>
        <dl className="of-info-list">
          <Field label={t('personalInfo.fields.deposit')} value={money(info.deposit, i18n.language)} />
          <Field label={t('personalInfo.fields.prepayment')} value={money(info.prepayment, i18n.language)} />
        </dl>
      </Group>

      <PreferencesGroup id={`${base}-preferences`} info={info} canChange={canChange} />

      <Group id={`${base}-data`} title={t('personalInfo.sections.data')}>
        <Suspense fallback={<p aria-busy="true" />}>
          <DownloadDataButton />
        </Suspense>
      </Group>
    </div>
  );
}

/** The certificate: type and masked number, and the form that changes them. */
function CertificateGroup({ id, info, canChange }: { id: string; info: PersonalInfo; canChange: boolean }) {
  const { t } = useTranslation('myLibrary');
  const [isEditing, setIsEditing] = useState(false);
  const [done, setDone] = useState('');
  return (
    <Group id={id} title={t('personalInfo.sections.certificate')}>
      {isEditing ? (
        <IdNumberForm
          idType={info.idType}
          onClose={(saved) => {
            setIsEditing(false);
            if (saved) setDone(saved);
          }}
        />
      ) : (
        <dl className="of-info-list">
          <Field label={t('personalInfo.fields.idType')} value={t(`personalInfo.idTypes.${info.idType}`)} />
          <Field label={t('personalInfo.fields.idNumber')} value={info.idNumber}>
            {canChange ? (
              <Button
                size="small"
                className="of-info-edit"
                onClick={() => {
                  setDone('');
                  setIsEditing(true);
                }}
              >
                {t('personalInfo.edit')}
                <span className="of-visually-hidden">
                  {t('personalInfo.editWhat', { field: t('personalInfo.fields.idNumber') })}
                </span>
              </Button>
            ) : null}
          </Field>
        </dl>
      )}
      <p className="of-info-done" role="status">
        {done}
      </p>
    </Group>
  );
}

/** Phone and e-mail, masked, with their verified marks; "change" runs the binding form here. */
function ContactGroup({ id, info }: { id: string; info: PersonalInfo }) {
  const { t } = useTranslation('myLibrary');
  const client = useQueryClient();
  const [open, setOpen] = useState<ContactKind | null>(null);
  const [done, setDone] = useState('');
  const rows = [
    { kind: 'phone', label: t('personalInfo.fields.mobile'), value: info.mobile, verified: info.mobileCheckFlag },
    { kind: 'mail', label: t('personalInfo.fields.email'), value: info.email, verified: info.emailCheckFlag },
  ] as const;
  return (
    <Group id={id} title={t('personalInfo.sections.contact')}>
      <dl className="of-info-list">
        {rows.map((row) => (
          <Field key={row.kind} label={row.label} value={row.value}>
            {row.value ? (
              <Mark on={row.verified === '1'} yes={t('personalInfo.verified')} no={t('personalInfo.unverified')} />
            ) : null}
            {open === null ? (
              <Button
                size="small"
                className="of-info-edit"
                onClick={() => {
                  setDone('');
                  setOpen(row.kind);
                }}
              >
                {t(row.value ? 'personalInfo.changeContact' : 'personalInfo.bindContact')}
                <span className="of-visually-hidden">{t('personalInfo.editWhat', { field: row.label })}</span>
              </Button>
            ) : null}
          </Field>
        ))}
      </dl>
      {open ? (
        <div className="of-info-binding" role="group" aria-label={rows.find((r) => r.kind === open)?.label}>
          <Suspense fallback={<p aria-busy="true">{t('personalInfo.bindingLoading')}</p>}>
            <ContactBinding
              key={open}
              kind={open}
              cancelLabel={t('personalInfo.cancel')}
              onCancel={() => setOpen(null)}
              onBound={(target) => {
                setOpen(null);
                setDone(t('personalInfo.contactBound', { target }));
                void client.invalidateQueries({ queryKey: myLibraryKeys.personalInfo() });
              }}
            />
          </Suspense>
        </div>
      ) : null}
      <p className="of-info-done" role="status">
        {done}
      </p>
    </Group>
  );
}

/** Transfer lending and the password at the desk: the reader's own choice. */
function PreferencesGroup({ id, info, canChange }: { id: string; info: PersonalInfo; canChange: boolean }) {
  const { t } = useTranslation('myLibrary');
  const [transferLend, setTransferLend] = useState(info.transferLendFlag === '1');
  const [borrowPassword, setBorrowPassword] = useState(info.borrowPasswordFlag === '1');
  const [done, setDone] = useState('');
  const [error, setError] = useState('');
  const save = useUpdatePersonalInfo();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone('');
    setError('');
    save.mutate(
      { transferLendFlag: transferLend ? '1' : '0', borrowPasswordFlag: borrowPassword ? '1' : '0' },
      {
        onSuccess: ({ message }) => setDone(message),
        onError: (err) => setError(err instanceof ApiError && err.message ? err.message : t('personalInfo.saveFailed')),
      },
    );
  };
  const options = [
    ['transferLend', transferLend, setTransferLend],
    ['borrowPassword', borrowPassword, setBorrowPassword],
  ] as const;
  return (
    <Group id={id} title={t('personalInfo.sections.preferences')}>
      <form className="of-info-prefs" onSubmit={submit}>
        {options.map(([key, checked, set]) => (
          <CheckOption
            key={key}
            id={`${id}-${key}`}
            label={t(`personalInfo.fields.${key}`)}
            hint={t(`personalInfo.${key}Hint`)}
            checked={checked}
            disabled={!canChange}
            onChange={set}
          />
        ))}
        {canChange ? (
          <div className="of-info-actions">
            <Button type="submit" variant="primary" busy={save.isPending} disabled={save.isPending}>
              {t('personalInfo.save')}
            </Button>
          </div>
        ) : null}
        <p className="of-info-error" role="alert">
          {error}
        </p>
        <p className="of-info-done" role="status">
          {done}
        </p>
      </form>
    </Group>
  );
}
