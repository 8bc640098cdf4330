import { partsOf } from '../../../lib/antd';

/**
 * The record page's Ant Design parts (`antd-parts.tsx`), loaded with Ant Design's provider as one
 * chunk after the page's own code; each shows its `fallback` until then.
 */
const part = partsOf(() => import('./antd-parts'));

export const CiteDialog = part('CiteDialogPart');
export const QrCodeDialog = part('QrCodeDialogPart');
export const Comments = part('CommentsPart');
export const LoginPrompt = part('LoginPromptPart');
export const RequestDialog = part('RequestDialogPart');
export const RelendDialog = part('RelendDialogPart');
