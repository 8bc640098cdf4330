import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';

type Props = {
  /** What stands in the flow until then: a block sized like what comes (nothing moves when it does). */
  placeholderClassName: string;
  /** How far below the screen "near" begins. */
  margin?: string;
  children: ReactNode;
};

/**
 * Renders its children once their place comes near the screen: a part below the first screenful
 * (the record page's comments, Ant Design and all) costs a phone nothing until the reader scrolls
 * towards it (issue 31). Without IntersectionObserver, at once.
 */
export function WhenNear({ placeholderClassName, margin = '400px', children }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const [isNear, setIsNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (isNear || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setIsNear(true);
      },
      { rootMargin: `0px 0px ${margin} 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [isNear, margin]);
  if (isNear) return <>{children}</>;
  return <div ref={ref} className={placeholderClassName} />;
}
