import type { ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import { Comments } from './Comments';
import { LoginPrompt } from './LoginPrompt';
import { CiteDialog } from './CiteDialog';
import { QrCodeDialog } from './QrCodeDialog';
import { RequestDialog } from './RequestDialog';
import { RelendDialog } from './RelendDialog';

/**
 * The record page's parts made of Ant Design components, in one chunk that loads beside the page
 * (see `parts.tsx`): the page paints the record's heading, actions, details and copies without Ant
 * Design; its dialogs and the comments come with this chunk.
 */

/** Buttons keep their text as written (antd would space out two-character Chinese labels: 收 藏). */
const BUTTON_CONFIG = { autoInsertSpace: false };

function withConfig<P extends object>(Part: (props: P) => ReactNode) {
  return function Configured(props: P) {
    return (
      <ConfigProvider button={BUTTON_CONFIG}>
        <Part {...props} />
      </ConfigProvider>
    );
  };
}

export const CiteDialogPart = withConfig(CiteDialog);
export const QrCodeDialogPart = withConfig(QrCodeDialog);
export const CommentsPart = withConfig(Comments);
export const LoginPromptPart = withConfig(LoginPrompt);
export const RequestDialogPart = withConfig(RequestDialog);
export const RelendDialogPart = withConfig(RelendDialog);
