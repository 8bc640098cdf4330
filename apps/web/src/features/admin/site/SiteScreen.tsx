import { useState } from 'react';
import type { ReactNode } from 'react';
import { Alert, Button, Input, Radio, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { MENU_GROUPS, SITE_SECTIONS } from '@openfind/contract';
import type { AdminMenuItem, MenuGroup, SiteSection } from '@openfind/contract';
import { Tabs } from '../../../components/Tabs';
import { loadNamespace } from '../../lang';
import { AdminPage } from '../components/AdminPage';
import { ConfigField } from './ConfigField';
import { HeaderPreview } from './HeaderPreview';
import { ImageUpload } from './ImageUpload';
import { MenuEditor } from './MenuEditor';
import { isChangedMeanwhile, useReloadSettings, useSaveMenu, useSaveSection, useSiteSettings } from './site-api';
import type { SectionSave, SiteSettings } from './site-api';
import { FIELDS, fieldProblem, menuIsValid, nameProblem, toAdminMenu, type ConfigKey } from './site-form';
import './site.css';

await loadNamespace('adminSite');

/** The fields of each section, in groups with a heading each. */
const LAYOUT: Record<SiteSection, { group: string; keys: ConfigKey[] }[]> = {
  appearance: [
    { group: 'colours', keys: ['navBackColor', 'navTextColor', 'blackAndWhiteModel'] },
    { group: 'images', keys: ['pcLogoUrl', 'iconUrl', 'searchBackGround', 'logoLinkUrl', 'specialFont'] },
  ],
  general: [
    { group: 'contact', keys: ['consultationPhone', 'directorMailbox'] },
    {
      group: 'footer',
      keys: ['copyrightHolder', 'icpFilingNumber', 'policeFilingNumber', 'filingNumberHide', 'libTypeCode'],
    },
  ],
  login: [
    {
      group: 'methods',
      keys: ['loginFlag', 'normalLogin', 'passportLogin', 'unifieAuthen', 'exterSinAuthen', 'weixinLogin'],
    },
    {
      group: 'addresses',
      keys: [
        'passportLoginUrl',
        'unifieAuthenLoginUrl',
        'unifieAuthenLogoutUrl',
        'exterSinAuthenUrl',
        'casServerUrl',
        'casVersion',
        'weixinAuthUrl',
        'loginCasWithOriginalPage',
      ],
    },
    {
      group: 'rules',
      keys: [
        'loginDialogVariant',
        'findPasswordFlag',
        'findCoerceLogin',
        'bindMailOrPhone',
        'primaryIdProtect',
        'primaryIdProtectTime',
        'isPasswordProtect',
        'passwordCheck',
        'passwordMaxAgeDays',
        'jwtHeader',
      ],
    },
    { group: 'explanations', keys: ['loginExplain', 'pcLspLoginExplain', 'pcXxtLoginExplain', 'pcSsoLoginExplain'] },
  ],
  features: [
    { group: 'portal', keys: ['independentLibCode', 'digitalLibraryMenu', 'aiSearchButton', 'refererGate'] },
    { group: 'recommend', keys: ['purderRec', 'freeRec', 'customRec', 'recRecord'] },
    { group: 'myLibrary', keys: ['myLibraryLeftMenuShowSort', 'myLibraryLeftMenuNotShowSort'] },
    { group: 'popular', keys: ['popularSearchBlockList'] },
  ],
  texts: [{ group: 'texts', keys: ['helpHtml', 'privacyHtml', 'oldPrivacyHtml'] }],
};

/** Fields with an upload beside them. */
const UPLOADS = new Set<ConfigKey>(['pcLogoUrl', 'iconUrl', 'searchBackGround']);

type Names = SiteSettings['names'];

/**
 * Site configuration (`/admin/site`, administrators): everything readers' portal is configured by —
 * appearance (with a live preview of the header), names and footer, login, features, help and privacy
 * texts, and the menus. Each section is saved by itself, from the version read: when someone else has
 * saved meanwhile the save is refused and the screen offers to reload.
 */
export default function SiteScreen() {
  const { t } = useTranslation('adminSite');
  const settings = useSiteSettings();
  return (
    <AdminPage title={t('title')}>
      {settings.data ? (
        // Everything starts again from what the server has after a reload.
        <SiteEditor key={settings.dataUpdatedAt} settings={settings.data} />
      ) : settings.isError ? (
        <Alert type="error" showIcon title={t('loadFailed')} />
      ) : (
        <Spin className="of-site-loading" aria-label={t('loading')} />
      )}
    </AdminPage>
  );
}

function SiteEditor({ settings }: { settings: SiteSettings }) {
  const { t } = useTranslation('adminSite');
  const reload = useReloadSettings();
  const [version, setVersion] = useState(settings.version);
  const [stale, setStale] = useState(false);
  const [config, setConfig] = useState<Record<ConfigKey, string>>(
    () => ({ ...settings.config }) as Record<ConfigKey, string>,
  );
  const [names, setNames] = useState<Names>(settings.names);
  const [footerVersion, setFooterVersion] = useState(settings.params.version);
  const [aiFlag, setAiFlag] = useState(settings.params.newAISearchFlag);
  const [menus, setMenus] = useState<Record<MenuGroup, AdminMenuItem[]>>(() => ({
    A: toAdminMenu(settings.menus.menuA),
    B: toAdminMenu(settings.menus.menuB),
    C: toAdminMenu(settings.menus.menuC),
  }));
  const saveSection = useSaveSection();
  const saveMenu = useSaveMenu();
  const onFailure = (error: unknown) => {
    if (isChangedMeanwhile(error)) setStale(true);
  };

  const set = (key: ConfigKey, value: string) => setConfig((c) => ({ ...c, [key]: value }));

  const sectionPanel = (section: SiteSection, extra?: ReactNode, extraValid = true) => (
    <SectionForm
      section={section}
      config={config}
      onChange={set}
      extra={extra}
      extraValid={extraValid}
      saving={saveSection.isPending}
      onSave={() => {
        const values = Object.fromEntries(SITE_SECTIONS[section].map((k) => [k, config[k]]));
        const body = (
          section === 'general'
            ? { section, version, values, names, params: { version: footerVersion } }
            : section === 'features'
              ? { section, version, values, params: { newAISearchFlag: aiFlag } }
              : { section, version, values }
        ) as SectionSave;
        saveSection.mutate(body, { onSuccess: ({ data }) => setVersion(data.version), onError: onFailure });
      }}
    />
  );

  const nameFields = (
    <fieldset className="of-site-group">
      <legend>{t('groups.names')}</legend>
      {(['name', 'nameTw', 'nameEn'] as const).map((k) => {
        const problem = nameProblem(names[k], k === 'name');
        const id = `of-site-names-${k}`;
        return (
          <div className="of-site-field" key={k}>
            <label className="of-site-label" htmlFor={id}>
              {t(`names.${k}`)}
            </label>
            <Input
              id={id}
              value={names[k]}
              lang={k === 'nameEn' ? 'en' : k === 'nameTw' ? 'zh-TW' : 'zh-CN'}
              status={problem ? 'error' : undefined}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${id}-problem` : undefined}
              onChange={(e) => setNames({ ...names, [k]: e.target.value })}
            />
            {problem ? (
              <p id={`${id}-problem`} className="of-site-problem" role="alert">
                {t(`problems.${problem}`, { max: 100 })}
              </p>
            ) : null}
          </div>
        );
      })}
      <div className="of-site-field">
        <label className="of-site-label" htmlFor="of-site-param-version">
          {t('fields.version')}
        </label>
        <Input
          id="of-site-param-version"
          value={footerVersion}
          maxLength={40}
          onChange={(e) => setFooterVersion(e.target.value)}
        />
      </div>
    </fieldset>
  );
  const namesValid =
    !nameProblem(names.name, true) && !nameProblem(names.nameEn, false) && !nameProblem(names.nameTw, false);

  const aiField = (
    <ConfigField
      name={'newAISearchFlag' as ConfigKey}
      spec={{ kind: 'flag' }}
      value={aiFlag}
      problem={null}
      onChange={(v) => setAiFlag(v === '1' ? '1' : '0')}
    />
  );

  return (
    <div className="of-site-layout">
      <aside className="of-site-preview" aria-labelledby="of-site-preview-title">
        <h2 id="of-site-preview-title">{t('preview.title')}</h2>
        <HeaderPreview
          navBackColor={config.navBackColor}
          navTextColor={config.navTextColor}
          logoUrl={config.pcLogoUrl}
          searchBackGround={config.searchBackGround}
          blackAndWhite={config.blackAndWhiteModel === '1'}
          names={names}
          menu={menus.A}
        />
        <p className="of-site-help">{t('preview.note')}</p>
      </aside>
      <div className="of-site-main">
        {stale ? (
          <Alert
            type="warning"
            showIcon
            role="alert"
            title={t('stale.title')}
            description={t('stale.text')}
            action={
              <Button onClick={() => void reload()} data-testid="site-reload">
                {t('stale.reload')}
              </Button>
            }
          />
        ) : null}
        <Tabs
          className="of-site-tabs"
          items={[
            { key: 'appearance', label: t('sections.appearance'), children: sectionPanel('appearance') },
            { key: 'general', label: t('sections.general'), children: sectionPanel('general', nameFields, namesValid) },
            { key: 'login', label: t('sections.login'), children: sectionPanel('login') },
            { key: 'features', label: t('sections.features'), children: sectionPanel('features', aiField) },
            { key: 'texts', label: t('sections.texts'), children: sectionPanel('texts') },
            {
              key: 'menus',
              label: t('sections.menus'),
              children: (
                <MenusPanel
                  menus={menus}
                  limits={settings.limits}
                  onChange={(group, items) => setMenus((m) => ({ ...m, [group]: items }))}
                  saving={saveMenu.isPending}
                  onSave={(group) =>
                    saveMenu.mutate(
                      { group, version, items: menus[group] },
                      { onSuccess: ({ data }) => setVersion(data.version), onError: onFailure },
                    )
                  }
                />
              ),
            },
          ]}
        />
      </div>
    </div>
  );
}

/** One section's fields, in their groups, and its save. */
function SectionForm(props: {
  section: SiteSection;
  config: Record<ConfigKey, string>;
  onChange: (key: ConfigKey, value: string) => void;
  extra?: ReactNode;
  extraValid: boolean;
  saving: boolean;
  onSave: () => void;
}) {
  const { t } = useTranslation('adminSite');
  const [tried, setTried] = useState(false);
  const problems = Object.fromEntries(
    SITE_SECTIONS[props.section].map((k) => [k, fieldProblem(FIELDS[k], props.config[k] ?? '')]),
  ) as Record<ConfigKey, string | null>;
  const valid = props.extraValid && Object.values(problems).every((p) => p === null);
  return (
    <form
      className="of-site-form"
      noValidate
      aria-label={t(`sections.${props.section}`)}
      onSubmit={(e) => {
        e.preventDefault();
        setTried(true);
        if (valid) props.onSave();
      }}
    >
      <p className="of-site-help">{t(`intro.${props.section}`)}</p>
      {props.section === 'general' || props.section === 'features' ? props.extra : null}
      {LAYOUT[props.section].map(({ group, keys }) => (
        <fieldset className="of-site-group" key={group}>
          <legend>{t(`groups.${group}`)}</legend>
          {keys.map((k) => (
            <ConfigField
              key={k}
              name={k}
              spec={FIELDS[k]}
              value={props.config[k] ?? ''}
              // A problem shows once the field is touched away from a valid value, or a save was tried.
              problem={problems[k]}
              onChange={(v) => props.onChange(k, v)}
              extra={
                UPLOADS.has(k) ? (
                  <ImageUpload field={k} label={t(`fields.${k}`)} onUploaded={(url) => props.onChange(k, url)} />
                ) : undefined
              }
            />
          ))}
        </fieldset>
      ))}
      {tried && !valid ? <Alert type="error" showIcon role="alert" title={t('fixProblems')} /> : null}
      <div className="of-site-actions">
        <Button type="primary" htmlType="submit" loading={props.saving} data-testid={`site-save-${props.section}`}>
          {t('save', { section: t(`sections.${props.section}`) })}
        </Button>
      </div>
    </form>
  );
}

/** The menus: a group chosen, its entries edited and reordered, the group saved whole. */
function MenusPanel(props: {
  menus: Record<MenuGroup, AdminMenuItem[]>;
  limits: SiteSettings['limits'];
  onChange: (group: MenuGroup, items: AdminMenuItem[]) => void;
  saving: boolean;
  onSave: (group: MenuGroup) => void;
}) {
  const { t } = useTranslation('adminSite');
  const [group, setGroup] = useState<MenuGroup>('A');
  const [tried, setTried] = useState(false);
  const items = props.menus[group];
  const valid = menuIsValid(items);
  return (
    <section className="of-site-menus" aria-labelledby="of-site-menus-title">
      <h2 id="of-site-menus-title" className="of-visually-hidden">
        {t('sections.menus')}
      </h2>
      <div role="group" aria-labelledby="of-site-menu-group-label" className="of-site-field">
        <span id="of-site-menu-group-label" className="of-site-label">
          {t('menus.group')}
        </span>
        <Radio.Group
          value={group}
          optionType="button"
          onChange={(e) => {
            setGroup(e.target.value as MenuGroup);
            setTried(false);
          }}
          options={MENU_GROUPS.map((g) => ({ value: g, label: t(`menus.groups.${g}`) }))}
        />
        <p className="of-site-help">{t(`menus.groupHelp.${group}`)}</p>
      </div>
      <p id="of-site-menu-handle-help" className="of-site-help">
        {t('menus.handleHelp')}
      </p>
      <MenuEditor
        items={items}
        onChange={(next) => props.onChange(group, next)}
        depth={1}
        maxDepth={props.limits.maxMenuDepth}
        maxItems={props.limits.maxMenuItems}
        path={t(`menus.groups.${group}`)}
        showProblems={tried}
      />
      {tried && !valid ? <Alert type="error" showIcon role="alert" title={t('fixProblems')} /> : null}
      <div className="of-site-actions">
        <Button
          type="primary"
          loading={props.saving}
          data-testid="site-save-menu"
          onClick={() => {
            setTried(true);
            if (valid) props.onSave(group);
          }}
        >
          {t('menus.save', { group: t(`menus.groups.${group}`) })}
        </Button>
      </div>
    </section>
  );
}
