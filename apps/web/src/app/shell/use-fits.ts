import { useLayoutEffect, useState } from 'react';
import type { RefObject } from 'react';

/**
 * True while the element's first child fits in the element's width, re-measured on resize.
 * `isMounted` tells when the element is rendered; while it is not, the answer is true.
 */
export function useFits(ref: RefObject<HTMLElement | null>, isMounted: boolean): boolean {
  const [fits, setFits] = useState(true);
  useLayoutEffect(() => {
    const element = ref.current;
    const content = element?.firstElementChild;
    if (!isMounted || !element || !(content instanceof HTMLElement)) {
      setFits(true);
      return undefined;
    }
    const measure = () => setFits(content.scrollWidth <= element.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    observer.observe(content);
    return () => observer.disconnect();
  }, [ref, isMounted]);
  return fits;
}
