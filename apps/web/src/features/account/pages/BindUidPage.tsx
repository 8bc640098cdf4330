import { useTranslation } from 'react-i18next';
import { postSsoBind } from '../../auth';
import { useTenant } from '../../tenant';
import { AccountPasswordFields } from '../components/AccountFields';
import { BindForm } from '../components/BindForm';
import { useSignIn } from '../use-sign-in';
import '../account.css';

type Values = { username: string; password: string; verifyCode: string };

/**
 * /bindUid: a unified-authentication user the library does not know yet binds their library account
 * (account, password, image code) to the single-sign-on uid, and is logged in.
 */
export default function BindUidPage() {
  const { t } = useTranslation('account');
  const { mappingPath } = useTenant();
  const signIn = useSignIn();
  return (
    <BindForm<Values>
      title={t('titles.bindUid')}
      lead={t('bind.uidLead')}
      ticketName="uid"
      submitLabel={t('bind.submit')}
      fields={<AccountPasswordFields />}
      onBind={async (values, uid, captcha) => {
        const credentials = { username: values.username.trim(), password: values.password };
        const answer = await postSsoBind({
          ...credentials,
          verifyCode: values.verifyCode.trim(),
          codeKey: captcha.codeKey,
          mappingPath,
          uid,
        });
        await signIn(answer, credentials);
      }}
    />
  );
}
