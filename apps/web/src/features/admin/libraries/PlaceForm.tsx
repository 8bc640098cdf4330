import { Form, Input, Modal, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { MAX_PLACE_CODE, MAX_PLACE_NAME, PLACE_CODE_PATTERN, type PlaceKind } from '@openfind/contract';
import {
  useSaveCampus,
  useSaveLibrary,
  useSaveLocation,
  type Campus,
  type Library,
  type Location,
  type Tree,
} from './libraries-api';

/** What the form adds or changes: a row of a level (null: a new one) and, for a new one, where it goes. */
export type Editing =
  | { kind: 'library'; row: Library | null }
  | { kind: 'campus'; row: Campus | null; libCode: string }
  | { kind: 'location'; row: Location | null; campusId: string };

type Values = {
  code: string;
  name: string;
  nameTw: string;
  nameEn: string;
  isMain: boolean;
  locationTypeCode: string;
  entrust: boolean;
  subscribe: boolean;
};

const codeOf = (e: Editing) =>
  e.row === null
    ? ''
    : e.kind === 'library'
      ? (e.row as Library).libCode
      : e.kind === 'campus'
        ? (e.row as Campus).campusId
        : (e.row as Location).locationId;

/**
 * Adds or changes a library, campus or location: its code (set once, when it is added), its names in
 * the three languages, and — as its level has them — whether it is the main library, its location
 * type and its two switches.
 */
export function PlaceForm({
  editing,
  types,
  onClose,
}: {
  editing: Editing;
  types: Tree['locationTypes'];
  onClose: () => void;
}) {
  const { t } = useTranslation('adminLibraries');
  const [form] = Form.useForm<Values>();
  const saveLibrary = useSaveLibrary();
  const saveCampus = useSaveCampus();
  const saveLocation = useSaveLocation();
  const kind: PlaceKind = editing.kind;
  const row = editing.row;
  const adding = row === null;
  const initial: Values = {
    code: codeOf(editing),
    name: row?.name ?? '',
    nameTw: row?.nameTw ?? '',
    nameEn: row?.nameEn ?? '',
    isMain: editing.kind === 'library' && editing.row ? editing.row.isMain : false,
    locationTypeCode:
      editing.kind === 'location' && editing.row ? editing.row.locationTypeCode : (types[0]?.code ?? ''),
    entrust: editing.kind === 'location' && editing.row ? editing.row.entrust : false,
    subscribe: editing.kind === 'location' && editing.row ? editing.row.subscribe : false,
  };
  const pending = saveLibrary.isPending || saveCampus.isPending || saveLocation.isPending;

  const submit = async (v: Values) => {
    const names = { name: v.name.trim(), nameTw: v.nameTw.trim(), nameEn: v.nameEn.trim() };
    const version = row?.version;
    if (editing.kind === 'library')
      await saveLibrary.mutateAsync({ libCode: v.code.trim(), ...names, isMain: v.isMain, version });
    else if (editing.kind === 'campus')
      await saveCampus.mutateAsync({
        campusId: v.code.trim(),
        libCode: editing.row?.libCode ?? editing.libCode,
        ...names,
        version,
      });
    else
      await saveLocation.mutateAsync({
        locationId: v.code.trim(),
        campusId: editing.row?.campusId ?? editing.campusId,
        ...names,
        locationTypeCode: v.locationTypeCode,
        entrust: v.entrust,
        subscribe: v.subscribe,
        version,
      });
    onClose();
  };

  return (
    <Modal
      open
      title={adding ? t(`form.add.${kind}`) : t(`form.edit.${kind}`, { code: initial.code })}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('form.save')}
      cancelText={t('form.cancel')}
      confirmLoading={pending}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={initial}
        preserve={false}
        onFinish={(v) => void submit(v).catch(() => undefined)}
      >
        <Form.Item
          name="code"
          label={t('form.code')}
          extra={adding ? t('form.codeRule', { max: MAX_PLACE_CODE }) : t('form.codeFixed')}
          rules={[
            { required: true, message: t('form.codeRule', { max: MAX_PLACE_CODE }) },
            { pattern: PLACE_CODE_PATTERN, message: t('form.codeRule', { max: MAX_PLACE_CODE }) },
          ]}
        >
          <Input disabled={!adding} autoComplete="off" data-testid="place-code" />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('form.nameZhCN')}
          rules={[{ required: true, whitespace: true, message: t('form.nameRequired') }, { max: MAX_PLACE_NAME }]}
        >
          <Input data-testid="place-name" />
        </Form.Item>
        <Form.Item
          name="nameTw"
          label={t('form.nameZhTW')}
          extra={t('form.nameFallback')}
          rules={[{ max: MAX_PLACE_NAME }]}
        >
          <Input data-testid="place-name-tw" />
        </Form.Item>
        <Form.Item
          name="nameEn"
          label={t('form.nameEnUS')}
          extra={t('form.nameFallback')}
          rules={[{ max: MAX_PLACE_NAME }]}
        >
          <Input data-testid="place-name-en" />
        </Form.Item>
        {kind === 'library' ? (
          <Form.Item name="isMain" label={t('form.isMain')} extra={t('form.isMainHelp')} valuePropName="checked">
            <Switch />
          </Form.Item>
        ) : null}
        {kind === 'location' ? (
          <>
            <Form.Item
              name="locationTypeCode"
              label={t('form.locationType')}
              rules={[{ required: true, message: t('form.locationTypeRequired') }]}
            >
              <Select
                aria-label={t('form.locationType')}
                options={types.map((ty) => ({ value: ty.code, label: ty.name }))}
              />
            </Form.Item>
            <Form.Item name="entrust" label={t('form.entrust')} extra={t('form.entrustHelp')} valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item
              name="subscribe"
              label={t('form.subscribe')}
              extra={t('form.subscribeHelp')}
              valuePropName="checked"
            >
              <Switch />
            </Form.Item>
          </>
        ) : null}
      </Form>
    </Modal>
  );
}
