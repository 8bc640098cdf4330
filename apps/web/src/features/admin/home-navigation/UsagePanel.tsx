import { useState } from 'react';
import { Alert, Select, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { HOME_ELEMENT_AREAS, type HomeUsageRow } from '@openfind/contract';
import { useHomeUsage, type HomeUsage } from './home-navigation-api';

/** The periods the screen offers, in days (30 first: the issue's "last month"). */
const PERIODS = [7, 30, 90, 365] as const;

/** `quickLink.databases:ref` → its area, name and reference. */
function splitElement(element: string) {
  const [head = '', ref = ''] = element.split(':');
  const dot = head.indexOf('.');
  return { area: head.slice(0, dot), name: head.slice(dot + 1), ref };
}

/**
 * The usage of the home page's navigation (`/find/admin/homePage/usage`): menu entries and counted
 * elements (quick links, banners, attachments, fixed icons…) of the last days, most used first, and
 * the period's totals.
 */
export function UsagePanel() {
  const { t, i18n } = useTranslation('adminHomeNav');
  const [days, setDays] = useState<number>(30);
  const usage = useHomeUsage(days);
  const format = new Intl.NumberFormat(i18n.language);
  const data: HomeUsage | undefined = usage.data;

  const elementLabel = (element: string) => {
    const { area, name, ref } = splitElement(element);
    const known = (HOME_ELEMENT_AREAS as readonly string[]).includes(area);
    const areaLabel = known ? t(`usage.areas.${area}`) : area;
    const nameLabel = area === 'quickLink' ? t(`home:explore.${name}.name`, { defaultValue: name }) : name;
    return `${areaLabel} · ${nameLabel}${ref ? ` (${ref})` : ''}`;
  };

  const common: ColumnsType<HomeUsageRow> = [
    {
      key: 'count',
      title: t('usage.count'),
      dataIndex: 'count',
      align: 'right',
      render: (n: number) => format.format(n),
    },
    { key: 'days', title: t('usage.days'), dataIndex: 'days', align: 'right' },
    { key: 'lastDay', title: t('usage.lastDay'), dataIndex: 'lastDay' },
  ];
  const navColumns: ColumnsType<HomeUsageRow> = [
    {
      key: 'element',
      title: t('usage.menuEntry'),
      dataIndex: 'element',
      render: (v: string) => <code className="of-ahn-code">{v}</code>,
    },
    ...common,
  ];
  const elementColumns: ColumnsType<HomeUsageRow> = [
    {
      key: 'element',
      title: t('usage.element'),
      dataIndex: 'element',
      render: (v: string) => (
        <span>
          {elementLabel(v)}
          <br />
          <code className="of-ahn-code">{v}</code>
        </span>
      ),
    },
    { key: 'kind', title: t('usage.kind'), dataIndex: 'kind', render: (k: string) => t(`usage.kinds.${k}`) },
    ...common,
  ];
  const totals = data
    ? ([
        ['navigation', data.totals.navigation],
        ['click', data.totals.click],
        ['download', data.totals.download],
        ['visit', data.totals.visit],
      ] as const)
    : [];

  return (
    <div className="of-ahn-usage" data-testid="home-usage">
      <div className="of-ahn-row">
        <label htmlFor="of-ahn-days">{t('usage.period')}</label>
        <Select
          id="of-ahn-days"
          value={days}
          onChange={setDays}
          style={{ minWidth: 140 }}
          options={PERIODS.map((d) => ({ value: d, label: t('usage.lastDays', { count: d }) }))}
        />
        {data ? <span className="of-ahn-muted">{t('usage.range', { from: data.from, to: data.to })}</span> : null}
      </div>
      {usage.isError ? <Alert type="error" showIcon message={t('usage.failed')} /> : null}
      <dl className="of-ahn-totals" aria-label={t('usage.totals')}>
        {totals.map(([key, n]) => (
          <div key={key} className="of-ahn-total" data-testid={`home-usage-total-${key}`}>
            <dt>{t(`usage.total.${key}`)}</dt>
            <dd>{format.format(n)}</dd>
          </div>
        ))}
      </dl>
      <h2 className="of-ahn-h2">{t('usage.navigationTitle')}</h2>
      <Table<HomeUsageRow>
        size="small"
        rowKey={(r) => `${r.kind}|${r.element}`}
        columns={navColumns}
        dataSource={data?.navigation ?? []}
        loading={usage.isFetching}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('usage.none') }}
        data-testid="home-usage-navigation"
      />
      <h2 className="of-ahn-h2">{t('usage.elementsTitle')}</h2>
      <Table<HomeUsageRow>
        size="small"
        rowKey={(r) => `${r.kind}|${r.element}`}
        columns={elementColumns}
        dataSource={data?.elements ?? []}
        loading={usage.isFetching}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('usage.none') }}
        data-testid="home-usage-elements"
      />
    </div>
  );
}
