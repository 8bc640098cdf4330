import type { ReactNode } from 'react';
import { Button, Form } from 'antd';
import type { FormProps } from 'antd';
import { busy } from '../../../components/busy';

type Props<V> = FormProps<V> & {
  submitLabel: string;
  isBusy: boolean;
  /** The form-level failure (useFormFailure's alert), shown above the button. */
  alert: ReactNode;
  children: ReactNode;
};

/** An account form: labels above fields, the first invalid field focused on submit, the failure and the button last. */
export function AccountForm<V extends object>({ submitLabel, isBusy, alert, children, ...props }: Props<V>) {
  return (
    <Form<V> layout="vertical" requiredMark={false} scrollToFirstError={{ focus: true, block: 'center' }} {...props}>
      {children}
      {alert}
      <Button
        className="of-account-submit"
        autoInsertSpace={false}
        type="primary"
        htmlType="submit"
        block
        loading={busy(isBusy)}
      >
        {submitLabel}
      </Button>
    </Form>
  );
}
