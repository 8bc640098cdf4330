import type { ReactNode } from 'react';
import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The confirmation before a package or a topic is deleted: what goes and what stays (`children`).
 * `blocked` keeps the delete button off when it cannot be done yet (a library's child bases).
 */
export function DeleteDialog(props: {
  title: string;
  blocked?: boolean;
  pending: boolean;
  onDelete: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('adminCollections');
  return (
    <Modal
      open
      title={props.title}
      okText={t('remove.ok')}
      okButtonProps={{ danger: true, disabled: props.blocked }}
      cancelText={t('form.cancel')}
      confirmLoading={props.pending}
      onOk={props.onDelete}
      onCancel={props.onClose}
    >
      {props.children}
    </Modal>
  );
}
