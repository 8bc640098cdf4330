import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button, Empty, Popconfirm, Space, Spin, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PlaceKind } from '@openfind/contract';
import { PlaceForm, type Editing } from './PlaceForm';
import {
  shownName,
  useDeletePlace,
  useReorder,
  useTree,
  type Campus,
  type Library,
  type Location,
} from './libraries-api';

type Node = { kind: PlaceKind; code: string; version: string; title: string };

/** Each level's heading, below the screen's h1. */
const HEADING = { library: 'h2', campus: 'h3', location: 'h4' } as const;

/** The id of a node's heading (its buttons are described by it) and of its move buttons (focus stays on them). */
const nodeId = (kind: PlaceKind, code: string) => `of-lib-${kind}-${code.replace(/[^A-Za-z0-9_-]/g, '_')}`;

/**
 * The institution's libraries → campuses → locations as nested lists: each row with its names, code
 * and switches, and buttons to change it, move it up or down among its level, add what goes under it
 * and delete it (refused, with what uses it, while anything does). Every action is a button, so the
 * tree is worked with Tab and Enter alone; the rows wrap at 390 px.
 */
export function PlaceTree() {
  const { t, i18n } = useTranslation('adminLibraries');
  const tree = useTree();
  const [editing, setEditing] = useState<Editing | null>(null);
  const reorder = useReorder();
  const remove = useDeletePlace();
  const focusAfter = useRef<{ button: string; row: string } | null>(null);
  useEffect(() => {
    const target = focusAfter.current;
    if (!target) return;
    focusAfter.current = null;
    const button = document.getElementById(target.button) as HTMLButtonElement | null;
    (button && !button.disabled ? button : document.getElementById(target.row))?.focus();
  }, [tree.data]);
  if (!tree.data) return <Spin className="of-lib-loading" aria-label={t('loading')} />;
  const data = tree.data;
  const lang = i18n.language;
  const typeName = new Map(data.locationTypes.map((ty) => [ty.code, ty.name]));

  /** Moves the node at `index` of its level one place up (-1) or down (+1), focus kept on the button pressed. */
  const move = async (kind: PlaceKind, parent: string, codes: string[], index: number, by: -1 | 1) => {
    const next = [...codes];
    [next[index], next[index + by]] = [next[index + by]!, next[index]!];
    if (reorder.isPending) return;
    // Once the tree is read again the row has moved (and may have lost focus): the button pressed
    // gets it back, or the row's heading when that button is now at an end of the level.
    focusAfter.current = {
      button: `${nodeId(kind, codes[index]!)}-${by < 0 ? 'up' : 'down'}`,
      row: nodeId(kind, codes[index]!),
    };
    try {
      await reorder.mutateAsync({ kind, parent, codes: next });
    } catch {
      focusAfter.current = null;
    }
  };

  const row = (
    node: Node,
    level: { parent: string; codes: string[]; index: number },
    details: ReactNode,
    extra: ReactNode,
    onEdit: () => void,
  ) => {
    const id = nodeId(node.kind, node.code);
    const { parent, codes, index } = level;
    const Heading = HEADING[node.kind];
    return (
      <div className="of-lib-row">
        <div className="of-lib-title">
          <Heading id={id} tabIndex={-1} className={`of-lib-name of-lib-name-${node.kind}`}>
            {node.title}
          </Heading>
          <Tag className="of-lib-code">{node.code}</Tag>
          {details}
        </div>
        <Space size={4} wrap className="of-lib-actions">
          <Button size="small" onClick={onEdit} aria-describedby={id} data-testid={`edit-${node.kind}-${node.code}`}>
            {t('tree.edit')}
          </Button>
          <Button
            size="small"
            id={`${id}-up`}
            disabled={index === 0}
            aria-describedby={id}
            onClick={() => void move(node.kind, parent, codes, index, -1)}
          >
            {t('tree.up')}
          </Button>
          <Button
            size="small"
            id={`${id}-down`}
            disabled={index === codes.length - 1}
            aria-describedby={id}
            onClick={() => void move(node.kind, parent, codes, index, 1)}
          >
            {t('tree.down')}
          </Button>
          {extra}
          <Popconfirm
            title={t('tree.deleteConfirm', { name: node.title, code: node.code })}
            description={t('tree.deleteHelp')}
            okText={t('tree.delete')}
            cancelText={t('form.cancel')}
            okButtonProps={{ danger: true }}
            onConfirm={() =>
              remove.mutateAsync({ kind: node.kind, code: node.code, version: node.version }).catch(() => undefined)
            }
          >
            <Button size="small" danger aria-describedby={id}>
              {t('tree.delete')}
            </Button>
          </Popconfirm>
        </Space>
      </div>
    );
  };

  const locationNode = (o: Location, c: Campus, index: number) => (
    <li key={o.locationId} className="of-lib-node of-lib-location" data-testid={`location-${o.locationId}`}>
      {row(
        { kind: 'location', code: o.locationId, version: o.version, title: shownName(o, lang) },
        { parent: c.campusId, codes: c.locations.map((x) => x.locationId), index },
        <>
          <Tag>{typeName.get(o.locationTypeCode) ?? o.locationTypeCode}</Tag>
          {o.entrust ? <Tag color="blue">{t('tree.entrust')}</Tag> : null}
          {o.subscribe ? <Tag color="green">{t('tree.subscribe')}</Tag> : null}
        </>,
        null,
        () => setEditing({ kind: 'location', row: o, campusId: c.campusId }),
      )}
    </li>
  );

  const campusNode = (c: Campus, l: Library, index: number) => (
    <li key={c.campusId} className="of-lib-node of-lib-campus" data-testid={`campus-${c.campusId}`}>
      {row(
        { kind: 'campus', code: c.campusId, version: c.version, title: shownName(c, lang) },
        { parent: l.libCode, codes: l.campuses.map((x) => x.campusId), index },
        null,
        <Button
          size="small"
          aria-describedby={nodeId('campus', c.campusId)}
          onClick={() => setEditing({ kind: 'location', row: null, campusId: c.campusId })}
        >
          {t('tree.addLocation')}
        </Button>,
        () => setEditing({ kind: 'campus', row: c, libCode: l.libCode }),
      )}
      {c.locations.length ? (
        <ul className="of-lib-children" aria-label={t('tree.locationsOf', { name: shownName(c, lang) })}>
          {c.locations.map((o, i) => locationNode(o, c, i))}
        </ul>
      ) : null}
    </li>
  );

  return (
    <div className="of-lib-tree-wrap">
      <div className="of-lib-toolbar">
        <p className="of-lib-help">{t('tree.help')}</p>
        <Button type="primary" onClick={() => setEditing({ kind: 'library', row: null })}>
          {t('tree.addLibrary')}
        </Button>
      </div>
      {data.libraries.length ? (
        <ul className="of-lib-tree" aria-label={t('tree.label')}>
          {data.libraries.map((l, index) => (
            <li key={l.libCode} className="of-lib-node of-lib-library" data-testid={`library-${l.libCode}`}>
              {row(
                { kind: 'library', code: l.libCode, version: l.version, title: shownName(l, lang) },
                { parent: '', codes: data.libraries.map((x) => x.libCode), index },
                l.isMain ? <Tag color="gold">{t('tree.main')}</Tag> : null,
                <Button
                  size="small"
                  aria-describedby={nodeId('library', l.libCode)}
                  onClick={() => setEditing({ kind: 'campus', row: null, libCode: l.libCode })}
                >
                  {t('tree.addCampus')}
                </Button>,
                () => setEditing({ kind: 'library', row: l }),
              )}
              {l.campuses.length ? (
                <ul className="of-lib-children" aria-label={t('tree.campusesOf', { name: shownName(l, lang) })}>
                  {l.campuses.map((c, i) => campusNode(c, l, i))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <Empty description={t('tree.none')} />
      )}
      {editing ? <PlaceForm editing={editing} types={data.locationTypes} onClose={() => setEditing(null)} /> : null}
    </div>
  );
}
