import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SITE_ASSET_MAX_BYTES } from '@openfind/contract';
import { useUploadImage } from './site-api';

/**
 * Uploads an image for a field (logo, icon, search background): the file is checked for size here
 * and judged by its content on the server (PNG, JPEG or WebP; never SVG), which answers the address
 * to set. Nothing is saved until the appearance is.
 */
export function ImageUpload({
  field,
  label,
  onUploaded,
}: {
  field: string;
  label: string;
  onUploaded: (url: string) => void;
}) {
  const { t } = useTranslation('adminSite');
  const upload = useUploadImage();
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  return (
    <span className="of-site-upload">
      <input
        id={id}
        type="file"
        className="of-site-upload-input"
        accept="image/png,image/jpeg,image/webp"
        aria-label={t('upload.label', { field: label })}
        data-testid={`site-upload-${field}`}
        disabled={upload.isPending}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (!file) return;
          if (file.size > SITE_ASSET_MAX_BYTES) {
            setProblem(t('upload.tooLarge', { mb: SITE_ASSET_MAX_BYTES / 1024 / 1024 }));
            return;
          }
          setProblem(null);
          upload.mutate(file, { onSuccess: ({ data }) => onUploaded(data.url) });
        }}
      />
      <label className="of-site-upload-button" htmlFor={id}>
        {upload.isPending ? t('upload.busy') : t('upload.choose')}
      </label>
      {problem ? (
        <span className="of-site-problem" role="alert">
          {problem}
        </span>
      ) : null}
    </span>
  );
}
