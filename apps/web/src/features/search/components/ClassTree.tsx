import { Alert, Skeleton, Tree } from 'antd';
import type { TreeDataNode } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ClassNode } from '@openfind/contract';
import { useClassTree } from '../api/get-class-tree';

/** Classes with records, as tree nodes "code name (count)". */
function toTreeData(nodes: ClassNode[]): TreeDataNode[] {
  return nodes
    .filter((node) => node.count > 0)
    .map((node) => ({
      key: node.code,
      title: `${node.code} ${node.name} (${node.count})`,
      children: toTreeData(node.child),
      isLeaf: !node.child.some((c) => c.count > 0),
    }));
}

type Props = { selected: string | undefined; onSelect: (code: string | undefined) => void };

/** The CLC class tree of the category browse page (`classifica/list`); choosing a class browses its records. */
export function ClassTree({ selected, onSelect }: Props) {
  const { t } = useTranslation('search');
  const { data, isPending, isError } = useClassTree();
  return (
    <nav className="of-class-tree" aria-label={t('category.tree')}>
      <h2 className="of-facets-title">{t('category.tree')}</h2>
      {isPending ? <Skeleton active paragraph={{ rows: 8 }} title={false} /> : null}
      {isError ? <Alert type="error" showIcon title={t('category.treeFailed')} /> : null}
      {data ? (
        <Tree
          treeData={toTreeData(data)}
          selectedKeys={selected ? [selected] : []}
          defaultExpandedKeys={selected ? [selected.slice(0, 1)] : []}
          onSelect={(keys) => onSelect(keys[0] === undefined ? undefined : String(keys[0]))}
          blockNode
        />
      ) : null}
    </nav>
  );
}
