import type { ReactNode } from 'react';

/**
 * A table wider than a phone scrolls sideways inside this region, which keyboard users can focus and
 * scroll (axe: scrollable-region-focusable), named for screen readers.
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="of-cat-scroll" tabIndex={0} role="region" aria-label={label}>
      {children}
    </div>
  );
}
