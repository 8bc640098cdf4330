import type { ComponentProps } from 'react';
import { Alert, Button, Drawer, Pagination } from 'antd';
import { ClassTree } from './ClassTree';
import { FacetPanel } from './FacetPanel';
import { FavouriteButton } from './FavouriteButton';
import { ResultsToolbar } from './ResultsToolbar';
import { ScreenConfig } from './ScreenConfig';
import { SearchBar } from './SearchBar';
import { SearchNotices } from './SearchNotices';
import { ZeroResults } from './ZeroResults';

/**
 * The parts of the results page made of Ant Design components, in one chunk that loads beside the
 * page (see `parts.tsx`): the page itself paints its heading and result rows without Ant Design, so a
 * phone shows records before this chunk has run.
 */

function withConfig<P extends object>(Part: (props: P) => React.ReactNode) {
  return function Configured(props: P) {
    return (
      <ScreenConfig>
        <Part {...props} />
      </ScreenConfig>
    );
  };
}

export const SearchBarPart = withConfig(SearchBar);
export const ResultsToolbarPart = withConfig(ResultsToolbar);
export const FacetPanelPart = withConfig(FacetPanel);
export const ClassTreePart = withConfig(ClassTree);
export const SearchNoticesPart = withConfig(SearchNotices);
export const ZeroResultsPart = withConfig(ZeroResults);
export const FavouriteButtonPart = withConfig(FavouriteButton);
export const PaginationPart = withConfig((props: ComponentProps<typeof Pagination>) => <Pagination {...props} />);
export const AlertPart = withConfig((props: ComponentProps<typeof Alert>) => <Alert {...props} />);
export const ButtonPart = withConfig((props: ComponentProps<typeof Button>) => <Button {...props} />);
export const DrawerPart = withConfig((props: ComponentProps<typeof Drawer>) => <Drawer {...props} />);
