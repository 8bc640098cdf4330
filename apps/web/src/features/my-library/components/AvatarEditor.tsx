import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AVATAR_MAX_BYTES, imageKindOf } from '@openfind/contract';
import type { PersonalInfo } from '@openfind/contract';
import { Button } from '../../../components/Button';
import { UserIcon } from '../../../components/icons';
import { apiAddress } from '../../../lib/api-client';
import { ApiError } from '../../../lib/http';
import { useDeleteAvatar, useUploadAvatar } from '../api/personal-info';

/**
 * What the page can tell of a chosen file before sending it (spec §5: JPEG or PNG, at most 5M): its
 * size, and its first bytes (the server decides again, by decoding it).
 */
export async function avatarFileIssue(file: Blob): Promise<'type' | 'tooLarge' | null> {
  if (file.size > AVATAR_MAX_BYTES) return 'tooLarge';
  const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
  return imageKindOf(head) ? null : 'type';
}

/** The reader's avatar, or their initial (or a person icon) when there is none or it does not load. */
export function AvatarImage({ url, name, className }: { url: string; name: string; className: string }) {
  const { t } = useTranslation('myLibrary');
  const [failed, setFailed] = useState('');
  if (!url || failed === url) {
    return (
      <span className={`${className} is-fallback`} role="img" aria-label={t('personalInfo.avatar.none')}>
        {name ? name.slice(0, 1) : <UserIcon />}
      </span>
    );
  }
  return (
    <img
      className={className}
      src={apiAddress(url)}
      alt={t('personalInfo.avatar.alt', { name })}
      width={96}
      height={96}
      onError={() => setFailed(url)}
    />
  );
}

/**
 * The avatar: pick a file (checked here first), see it, upload it ('上传成功！'); or delete the one
 * uploaded. The header's avatar follows (the session's user info is read again).
 */
export function AvatarEditor({ info, canChange }: { info: PersonalInfo; canChange: boolean }) {
  const { t } = useTranslation('myLibrary');
  const inputRef = useRef<HTMLInputElement>(null);
  const errorId = useId();
  const [chosen, setChosen] = useState<{ file: File; url: string } | null>(null);
  const shown = useRef<string>('');
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  const [isConfirming, setIsConfirming] = useState(false);
  const upload = useUploadAvatar();
  const remove = useDeleteAvatar();

  // The preview's object URL lives while it is shown.
  const setFile = (file: File | null) => {
    if (shown.current) URL.revokeObjectURL(shown.current);
    shown.current = file ? URL.createObjectURL(file) : '';
    setChosen(file ? { file, url: shown.current } : null);
  };
  useEffect(
    () => () => {
      if (shown.current) URL.revokeObjectURL(shown.current);
    },
    [],
  );
  const file = chosen?.file ?? null;
  const preview = chosen?.url ?? '';

  const failed = (err: unknown) =>
    setError(err instanceof ApiError && err.message ? err.message : t('personalInfo.avatar.failed'));
  const choose = async (picked: File | undefined) => {
    setError('');
    setDone('');
    setFile(null);
    if (!picked) return;
    const issue = await avatarFileIssue(picked);
    if (issue) {
      setError(t(`personalInfo.avatar.errors.${issue}`));
      return;
    }
    setFile(picked);
  };
  const send = () => {
    if (!file) return;
    upload.mutate(file, {
      onSuccess: ({ message }) => {
        setFile(null);
        setDone(message);
      },
      onError: failed,
    });
  };
  const deleteIt = () =>
    remove.mutate(undefined, {
      onSuccess: ({ message }) => setDone(message),
      onError: failed,
      onSettled: () => setIsConfirming(false),
    });

  return (
    <section className="of-info-avatar" aria-labelledby="of-info-avatar-title">
      <h3 id="of-info-avatar-title" className="of-visually-hidden">
        {t('personalInfo.avatar.title')}
      </h3>
      {preview ? (
        <img className="of-info-avatar-img is-preview" src={preview} alt={t('personalInfo.avatar.preview')} />
      ) : (
        <AvatarImage url={info.avatarUrl} name={info.name} className="of-info-avatar-img" />
      )}
      <div className="of-info-avatar-body">
        <p className="of-info-avatar-name">
          <strong>{info.name || info.account}</strong>
          <span>{info.cardNo}</span>
        </p>
        {canChange ? (
          <>
            <input
              ref={inputRef}
              type="file"
              accept="image/jpeg,image/png,.jpg,.jpeg,.png"
              hidden
              onChange={(e) => {
                void choose(e.target.files?.[0]);
                // The same file may be chosen again after a refusal.
                e.target.value = '';
              }}
            />
            <div className="of-info-actions">
              {file ? (
                <>
                  <Button
                    variant="primary"
                    size="small"
                    busy={upload.isPending}
                    disabled={upload.isPending}
                    onClick={send}
                  >
                    {upload.isPending ? t('personalInfo.avatar.uploading') : t('personalInfo.avatar.upload')}
                  </Button>
                  <Button size="small" disabled={upload.isPending} onClick={() => setFile(null)}>
                    {t('personalInfo.cancel')}
                  </Button>
                </>
              ) : (
                <Button
                  size="small"
                  aria-describedby={error ? errorId : undefined}
                  onClick={() => inputRef.current?.click()}
                >
                  {t('personalInfo.avatar.choose')}
                </Button>
              )}
              {info.hasOwnAvatar && !file ? (
                isConfirming ? (
                  <span className="of-info-confirm" role="group" aria-label={t('personalInfo.avatar.delete')}>
                    <Button size="small" variant="primary" busy={remove.isPending} onClick={deleteIt}>
                      {t('personalInfo.avatar.confirmDelete')}
                    </Button>
                    <Button size="small" onClick={() => setIsConfirming(false)}>
                      {t('personalInfo.avatar.keep')}
                    </Button>
                  </span>
                ) : (
                  <Button size="small" onClick={() => setIsConfirming(true)}>
                    {t('personalInfo.avatar.delete')}
                  </Button>
                )
              ) : null}
            </div>
            <p className="of-info-hint">{t('personalInfo.avatar.hint')}</p>
          </>
        ) : null}
        <p id={errorId} className="of-info-error" role="alert">
          {error}
        </p>
        <p className="of-info-done" role="status">
          {done}
        </p>
      </div>
    </section>
  );
}
