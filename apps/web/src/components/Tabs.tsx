import { useId, useRef, useState } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';

export type TabItem = { key: string; label: ReactNode; children: ReactNode };

type Props = { items: TabItem[]; className?: string; defaultActiveKey?: string };

/**
 * Tabs after the WAI-ARIA tabs pattern, without Ant Design (the record page paints with them before
 * any Ant Design code has run): a tablist of buttons, one tab stop (the selected tab), the arrow keys,
 * Home and End move the selection; only the selected panel is rendered.
 */
export function Tabs({ items, className, defaultActiveKey }: Props) {
  const [active, setActive] = useState(defaultActiveKey ?? items[0]?.key);
  const baseId = useId();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const index = Math.max(
    0,
    items.findIndex((item) => item.key === active),
  );

  const select = (next: number) => {
    const wrapped = (next + items.length) % items.length;
    setActive(items[wrapped]!.key);
    tabs.current[wrapped]?.focus();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: items.length - 1,
    };
    const next = moves[e.key];
    if (next === undefined) return;
    e.preventDefault();
    select(next);
  };

  const current = items[index];
  return (
    <div className={`of-tabs${className ? ` ${className}` : ''}`}>
      <div role="tablist" className="of-tabs-list" onKeyDown={onKeyDown}>
        {items.map((item, i) => (
          <button
            key={item.key}
            ref={(el) => {
              tabs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${item.key}`}
            aria-selected={i === index}
            aria-controls={`${baseId}-panel-${item.key}`}
            tabIndex={i === index ? 0 : -1}
            className={`of-tabs-tab${i === index ? ' of-tabs-tab--active' : ''}`}
            onClick={() => setActive(item.key)}
          >
            {item.label}
          </button>
        ))}
      </div>
      {current ? (
        <div
          role="tabpanel"
          id={`${baseId}-panel-${current.key}`}
          aria-labelledby={`${baseId}-tab-${current.key}`}
          tabIndex={0}
          className="of-tabs-panel"
        >
          {current.children}
        </div>
      ) : null}
    </div>
  );
}
