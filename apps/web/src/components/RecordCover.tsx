import { useState } from 'react';
import { FALLBACK_IMAGE_URL } from '../lib/fallback-image';

/**
 * A record's cover, 90×120, falling back to the neutral image when there is none or it fails to load.
 * `priority`: a cover in the first screenful, loaded at once with high priority (it is often the page's
 * largest paint); the others load lazily.
 */
export function RecordCover({
  src,
  className,
  priority = false,
}: {
  src: string | null | undefined;
  className?: string;
  priority?: boolean;
}) {
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
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      onError={() => setFailed(true)}
    />
  );
}
