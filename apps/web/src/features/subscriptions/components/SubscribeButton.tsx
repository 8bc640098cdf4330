import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toSearchRequest, type SearchState } from '@openfind/contract';
import { Button } from '../../../components/Button';
import { lazyAntd } from '../../../lib/antd';
import { loadNamespace } from '../../lang';
import type { SubscribeDraft } from '../api';

// Its texts load with the button (the results page's own texts stay as they were).
await loadNamespace('subscriptions');

// The dialog (Ant Design's Modal and the form) loads, inside Ant Design's provider (the portal's
// theme), when the button is pressed.
const SubscribeDialog = lazyAntd(() => import('./SubscribeDialog'));

type Props = {
  state: SearchState;
  /** The class browse page: a class number chosen and nothing typed subscribes to the class. */
  classNo?: string | undefined;
};

/** "Subscribe to this search": a small button on the results page, for a logged-in reader. */
export function SubscribeButton({ state, classNo }: Props) {
  const { t } = useTranslation('subscriptions');
  const [open, setOpen] = useState(false);
  const draft: SubscribeDraft = classNo
    ? { kind: 'class', classNo, title: classNo }
    : { kind: 'search', search: toSearchRequest(state).body };
  return (
    <>
      <Button size="small" className="of-subscribe-button" onClick={() => setOpen(true)} aria-haspopup="dialog">
        {t('button')}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <SubscribeDialog draft={draft} defaultTitle={classNo ?? state.text} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

export default SubscribeButton;
