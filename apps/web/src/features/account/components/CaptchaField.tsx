import { Form, Input } from 'antd';
import type { FormInstance, InputProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CaptchaImage } from '@openfind/contract';
import { CaptchaButton } from '../../../components/CaptchaButton';

type ImageProps = {
  captcha: CaptchaImage | undefined;
  isLoading: boolean;
  /** The last draw failed: the image button offers another try. */
  isError?: boolean;
  onRefresh: () => void;
  /** Shown instead of the image while it cannot be drawn yet (recovery: the account comes first). */
  placeholder?: string;
};

/** The answer input beside the image; Form.Item's id, value and aria props go to the input. */
function CaptchaInput({ captcha, isLoading, isError, onRefresh, placeholder, ...input }: ImageProps & InputProps) {
  const { t } = useTranslation('account');
  return (
    <div className="of-account-captcha">
      <Input {...input} autoComplete="off" autoCapitalize="off" spellCheck={false} maxLength={8} />
      <CaptchaButton
        image={captcha?.verifyCode}
        isLoading={isLoading}
        label={t('captcha.refresh')}
        placeholder={isError ? t('captcha.failed') : (placeholder ?? t('captcha.loading'))}
        onRefresh={onRefresh}
      />
    </div>
  );
}

/** The image-code field (`verifyCode`): the answer, and the image itself as a button that draws a new one. */
export function CaptchaField(props: ImageProps) {
  const { t } = useTranslation('account');
  return (
    <Form.Item
      name="verifyCode"
      label={t('fields.captcha')}
      rules={[{ required: true, whitespace: true, message: t('validation.captchaRequired') }]}
    >
      <CaptchaInput {...props} />
    </Form.Item>
  );
}

/** After a try (right or wrong, every image code works once): clears the answer and draws a new image. */
export function drawAgain(form: FormInstance, refresh: () => void): void {
  form.setFieldValue('verifyCode', '');
  refresh();
}
