import { useEffect, useId, useRef, useState } from 'react';
import { Button, Input, Radio, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AdminMenuItem } from '@openfind/contract';
import { blankMenuItem, menuItemProblems, moveItem } from './site-form';

type Props = {
  items: AdminMenuItem[];
  onChange: (items: AdminMenuItem[]) => void;
  /** 1 the group's entries, 2 the entries below one (no deeper). */
  depth: number;
  maxDepth: number;
  maxItems: number;
  /** Where these entries are: the group, or the entry above ("Search ›"). */
  path: string;
  /** Show each entry's problems (after a save was tried). */
  showProblems: boolean;
  /** The entry these are below (depth 2). */
  parentName?: string;
};

/**
 * The entries of a menu level: add, edit, remove, and reorder — by dragging an entry's handle, by
 * the arrow keys on the handle, or by its move up / move down buttons; focus follows the entry moved
 * and the new place is announced.
 */
export function MenuEditor({ items, onChange, depth, maxDepth, maxItems, path, showProblems, parentName }: Props) {
  const { t, i18n } = useTranslation('adminSite');
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [announce, setAnnounce] = useState('');
  // The entry to focus once the list has been drawn again (after a move).
  const focusAt = useRef<number | null>(null);
  const handles = useRef<(HTMLButtonElement | null)[]>([]);
  const base = useId();
  useEffect(() => {
    if (focusAt.current !== null) {
      handles.current[focusAt.current]?.focus();
      focusAt.current = null;
    }
  });

  const nameOf = (item: AdminMenuItem, i: number) => item.menuName.trim() || t('menus.unnamed', { n: i + 1 });
  const move = (from: number, to: number) => {
    if (to < 0 || to >= items.length || from === to) return;
    onChange(moveItem(items, from, to));
    focusAt.current = to;
    setAnnounce(t('menus.moved', { name: nameOf(items[from]!, from), position: to + 1, count: items.length }));
  };
  const update = (i: number, patch: Partial<AdminMenuItem>) =>
    onChange(items.map((item, j) => (j === i ? { ...item, ...patch } : item)));

  return (
    <div className="of-site-menu-level">
      {items.length ? (
        <ol className="of-site-menu-list" aria-label={path}>
          {items.map((item, i) => {
            const label = nameOf(item, i);
            const problems = showProblems ? menuItemProblems(item) : {};
            const fid = (f: string) => `${base}-${i}-${f}`;
            const problem = (f: keyof typeof problems) =>
              problems[f] ? (
                <p id={fid(`${f}-problem`)} className="of-site-problem" role="alert">
                  {t(`problems.${problems[f]}`)}
                </p>
              ) : null;
            return (
              <li
                key={i}
                className={dragFrom === i ? 'of-site-menu-item is-dragging' : 'of-site-menu-item'}
                onDragOver={(e) => {
                  if (dragFrom !== null) e.preventDefault();
                }}
                onDrop={(e) => {
                  e.preventDefault();
                  e.stopPropagation();
                  if (dragFrom !== null) move(dragFrom, i);
                  setDragFrom(null);
                }}
                data-testid="site-menu-item"
              >
                <div className="of-site-menu-head">
                  <button
                    type="button"
                    className="of-site-menu-handle"
                    draggable
                    ref={(el) => {
                      handles.current[i] = el;
                    }}
                    aria-label={t('menus.handle', { name: label, position: i + 1, count: items.length })}
                    aria-describedby="of-site-menu-handle-help"
                    onDragStart={(e) => {
                      setDragFrom(i);
                      e.dataTransfer.effectAllowed = 'move';
                      e.dataTransfer.setData('text/plain', String(i));
                    }}
                    onDragEnd={() => setDragFrom(null)}
                    onKeyDown={(e) => {
                      if (e.key === 'ArrowUp') {
                        e.preventDefault();
                        move(i, i - 1);
                      } else if (e.key === 'ArrowDown') {
                        e.preventDefault();
                        move(i, i + 1);
                      }
                    }}
                  >
                    <span aria-hidden="true">⠿</span>
                  </button>
                  <span className="of-site-menu-title">{label}</span>
                  <span className="of-site-menu-actions">
                    <Button
                      size="small"
                      disabled={i === 0}
                      aria-label={t('menus.up', { name: label })}
                      onClick={() => move(i, i - 1)}
                    >
                      ↑
                    </Button>
                    <Button
                      size="small"
                      disabled={i === items.length - 1}
                      aria-label={t('menus.down', { name: label })}
                      onClick={() => move(i, i + 1)}
                    >
                      ↓
                    </Button>
                    <Button
                      size="small"
                      danger
                      aria-label={t('menus.remove', { name: label })}
                      onClick={() => {
                        onChange(items.filter((_, j) => j !== i));
                        setAnnounce(t('menus.removed', { name: label }));
                      }}
                    >
                      {t('menus.removeShort')}
                    </Button>
                  </span>
                </div>
                <div className="of-site-menu-fields">
                  {(['menuName', 'complexFont', 'englishName', 'menuUrl'] as const).map((f) => (
                    <div key={f} className="of-site-menu-field">
                      <label htmlFor={fid(f)}>{t(`menus.fields.${f}`)}</label>
                      <Input
                        id={fid(f)}
                        value={item[f]}
                        status={problems[f] ? 'error' : undefined}
                        aria-invalid={problems[f] ? true : undefined}
                        aria-describedby={problems[f] ? fid(`${f}-problem`) : undefined}
                        lang={
                          f === 'englishName'
                            ? 'en'
                            : f === 'complexFont'
                              ? 'zh-TW'
                              : f === 'menuName'
                                ? 'zh-CN'
                                : undefined
                        }
                        placeholder={f === 'menuUrl' ? '/newBookInform' : undefined}
                        onChange={(e) => update(i, { [f]: e.target.value })}
                        data-testid={`site-menu-${f}`}
                      />
                      {problem(f)}
                    </div>
                  ))}
                  <div className="of-site-menu-field">
                    <label htmlFor={fid('shown')}>{t('menus.fields.useFlag')}</label>
                    <Switch
                      id={fid('shown')}
                      checked={item.useFlag === '1'}
                      onChange={(on) => update(i, { useFlag: on ? '1' : '2' })}
                    />
                  </div>
                  <div className="of-site-menu-field" role="group" aria-labelledby={fid('jump')}>
                    <span id={fid('jump')}>{t('menus.fields.jumpMode')}</span>
                    <Radio.Group
                      value={item.jumpMode}
                      onChange={(e) => update(i, { jumpMode: e.target.value as '1' | '2' })}
                      options={[
                        { value: '1', label: t('menus.jump.1') },
                        { value: '2', label: t('menus.jump.2') },
                      ]}
                    />
                  </div>
                </div>
                {depth < maxDepth ? (
                  <div className="of-site-menu-children">
                    <MenuEditor
                      items={item.child}
                      onChange={(child) => update(i, { child })}
                      depth={depth + 1}
                      maxDepth={maxDepth}
                      maxItems={maxItems}
                      path={t('menus.below', { name: label })}
                      showProblems={showProblems}
                      parentName={label}
                    />
                  </div>
                ) : null}
              </li>
            );
          })}
        </ol>
      ) : depth === 1 ? (
        <p className="of-site-help">{t('menus.empty')}</p>
      ) : null}
      <Button
        size="small"
        type={depth === 1 ? 'dashed' : 'link'}
        disabled={items.length >= maxItems}
        onClick={() => {
          onChange([...items, blankMenuItem()]);
        }}
        data-testid={depth === 1 ? 'site-menu-add' : undefined}
      >
        {depth === 1 ? t('menus.add') : t('menus.addBelow', { name: parentName ?? path })}
      </Button>
      <span className="of-visually-hidden" aria-live="polite" lang={i18n.language}>
        {announce}
      </span>
    </div>
  );
}
