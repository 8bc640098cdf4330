import { useState } from 'react';
import { FALLBACK_IMAGE_URL } from '../features/site-config';

/** A record's cover, 90×120, falling back to the neutral image when there is none or it fails to load. */
export function RecordCover({ src, className }: { src: string | null | undefined; className?: string }) {
  const [failed, setFailed] = useState(false);
  const url = src && !failed ? src : FALLBACK_IMAGE_URL;
  // Decorative: the title next to it names the record.
  return (
    <img
      className={['of-cover', className].filter(Boolean).join(' ')}
      src={url}
      alt=""
      width={90}
      height={120}
      loading="lazy"
      onError={() => setFailed(true)}
    />
  );
}
