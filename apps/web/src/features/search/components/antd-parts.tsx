import type { ComponentProps } from 'react';
import { Alert, Button, Drawer } from 'antd';
import { ClassTree } from './ClassTree';
import { FacetPanel } from './FacetPanel';
import { ScreenConfig } from './ScreenConfig';
import { LoginAskDialog } from './LoginAskDialog';
import { SearchNotices } from './SearchNotices';
import { ZeroResults } from './ZeroResults';

/**
 * The parts of the results page made of Ant Design components, in one chunk that loads beside the
 * page (see `parts.tsx`): the page paints its search bar, toolbar, rows and pages without Ant Design
 * (plain controls), so a phone shows and uses them before this chunk has run. What is left here is
 * the filters, the class tree, notices, dialogs and the drawer.
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

export const FacetPanelPart = withConfig(FacetPanel);
export const ClassTreePart = withConfig(ClassTree);
export const SearchNoticesPart = withConfig(SearchNotices);
export const ZeroResultsPart = withConfig(ZeroResults);
export const LoginAskDialogPart = withConfig(LoginAskDialog);
export const AlertPart = withConfig((props: ComponentProps<typeof Alert>) => <Alert {...props} />);
export const ButtonPart = withConfig((props: ComponentProps<typeof Button>) => <Button {...props} />);
export const DrawerPart = withConfig((props: ComponentProps<typeof Drawer>) => <Drawer {...props} />);
