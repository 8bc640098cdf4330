import { Component, Suspense } from 'react';
import { lazyAntd } from '../lib/antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const ResultPage = lazyAntd(() => import('./ResultPage'));

function ScreenError({ standalone }: { standalone: boolean }) {
  const { t } = useTranslation();
  return (
    <Suspense fallback={null}>
      <ResultPage
        standalone={standalone}
        status="error"
        title={t('errors.pageTitle')}
        subTitle={t('errors.pageHint')}
        extra={
          <button type="button" className="of-btn of-btn--primary" onClick={() => window.location.reload()}>
            {t('actions.reload')}
          </button>
        }
      />
    </Suspense>
  );
}

type Props = { children: ReactNode; standalone?: boolean; resetKey?: string };
type State = { hasFailed: boolean };

/** Catches a screen that fails to load or render (for example a stale chunk after an upgrade). */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { hasFailed: false };

  static getDerivedStateFromError(): State {
    return { hasFailed: true };
  }

  override componentDidUpdate(prev: Props): void {
    // Navigating elsewhere gives the next screen a fresh chance.
    if (this.state.hasFailed && prev.resetKey !== this.props.resetKey) this.setState({ hasFailed: false });
  }

  override render(): ReactNode {
    if (this.state.hasFailed) return <ScreenError standalone={this.props.standalone ?? false} />;
    return this.props.children;
  }
}
