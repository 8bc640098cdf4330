import { partsOf } from '../../../lib/antd';

/**
 * The results page's Ant Design parts (`antd-parts.tsx`), loaded with Ant Design's provider as one
 * chunk after the page's own code; each shows its `fallback` until then.
 */
const part = partsOf(() => import('./antd-parts'));

export const SearchBar = part('SearchBarPart');
export const ResultsToolbar = part('ResultsToolbarPart');
export const FacetPanel = part('FacetPanelPart');
export const ClassTree = part('ClassTreePart');
export const SearchNotices = part('SearchNoticesPart');
export const ZeroResults = part('ZeroResultsPart');
export const FavouriteButton = part('FavouriteButtonPart');
export const Pagination = part('PaginationPart');
export const Alert = part('AlertPart');
export const Button = part('ButtonPart');
export const Drawer = part('DrawerPart');
