import { useEffect, useRef } from 'react';
import JsBarcode from 'jsbarcode';

/**
 * The reader's card number as a Code 128 barcode (SVG) that a desk scanner reads from the phone's
 * screen: a digital library card. `label` names it for screen readers, which hear the number too.
 */
export function CardBarcode({ value, label }: { value: string; label: string }) {
  const ref = useRef<SVGSVGElement>(null);
  useEffect(() => {
    if (!ref.current || !value) return;
    JsBarcode(ref.current, value, {
      format: 'CODE128',
      width: 2,
      height: 64,
      margin: 12,
      displayValue: true,
      fontSize: 16,
      background: '#ffffff',
      lineColor: '#000000',
    });
  }, [value]);
  return <svg ref={ref} className="of-card-barcode" role="img" aria-label={`${label}: ${value}`} />;
}
