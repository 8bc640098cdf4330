import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { relateAccount } from '../api/bind-identity';
import { BindForm } from '../components/BindForm';
import { useSignIn } from '../use-sign-in';
import '../account.css';

type Values = { name: string; primaryId: string; verifyCode: string };

/** Name and library account: both required (spec §5 "Bind and relevance"). */
function RelevanceFields() {
  const { t } = useTranslation('account');
  return (
    <>
      <Form.Item
        name="name"
        label={t('fields.name')}
        rules={[{ required: true, whitespace: true, message: t('validation.nameRequired') }]}
      >
        <Input autoComplete="name" maxLength={100} />
      </Form.Item>
      <Form.Item
        name="primaryId"
        label={t('fields.primaryId')}
        rules={[{ required: true, whitespace: true, message: t('validation.primaryIdRequired') }]}
      >
        <Input autoComplete="username" maxLength={64} />
      </Form.Item>
    </>
  );
}

/**
 * /relevanceUid: a passport (learning-app) user relates their outside account to their library
 * account by name and account, and is logged in.
 */
export default function RelevanceUidPage() {
  const { t } = useTranslation('account');
  const signIn = useSignIn();
  return (
    <BindForm<Values>
      title={t('titles.relevanceUid')}
      lead={t('bind.relevanceLead')}
      ticketName="uid"
      ticketQuery="relevanceUid"
      submitLabel={t('bind.submit')}
      fields={<RelevanceFields />}
      onBind={async (values, uid, captcha) => {
        const result = await relateAccount({
          name: values.name.trim(),
          primaryId: values.primaryId.trim(),
          verifyCode: values.verifyCode.trim(),
          codeKey: captcha.codeKey,
          uid,
        });
        await signIn({ kind: 'session', result }, { username: values.primaryId.trim(), password: '' });
      }}
    />
  );
}
