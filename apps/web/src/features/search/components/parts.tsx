import { partsOf } from '../../../lib/antd';

/**
 * The results page's Ant Design parts (`antd-parts.tsx`), loaded with Ant Design's provider as one
 * chunk after the page's own code; each shows its `fallback` until then.
 */
const part = partsOf(() => import('./antd-parts'));

export const FacetPanel = part('FacetPanelPart');
export const ClassTree = part('ClassTreePart');
export const SearchNotices = part('SearchNoticesPart');
export const ZeroResults = part('ZeroResultsPart');
export const LoginAskDialog = part('LoginAskDialogPart');
export const Alert = part('AlertPart');
export const Button = part('ButtonPart');
export const Drawer = part('DrawerPart');
