import { Button, Modal, Tour } from 'antd';
import type { TourStepProps } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { loadNamespace } from '../../lang';
import { markFirstLoginFlag } from '../auth-api';
import { setTourStep, TOUR_STEPS, tourReturnPath, useTourStep } from '../tour-state';

// This chunk brings the login texts (the auth namespace is not loaded at start-up).
await loadNamespace('auth');

const SEARCH_TARGET = '.of-search-row';
const ACCOUNT_TARGET = '.of-user-button';

/**
 * The guided tour for first-time readers (spec §4, 3 steps): a welcome with Start (home, the
 * first-login flag marked on the server), then the search box (Pass / Next) and the user menu
 * (Pass / Finish). Pass, Finish and closing return to the page the reader was on.
 */
export default function GuidedTour() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const step = useTourStep();
  const end = () => {
    const back = tourReturnPath();
    setTourStep(null);
    void navigate(back);
  };
  const progress = (current: number) => t('tour.progress', { current, total: TOUR_STEPS });

  if (step === 1) {
    const start = () => {
      void markFirstLoginFlag().catch(() => undefined);
      setTourStep(2);
      void navigate('/Home');
    };
    const pass = () => {
      void markFirstLoginFlag().catch(() => undefined);
      end();
    };
    return (
      <Modal
        open
        title={t('tour.welcomeTitle')}
        width={400}
        onCancel={pass}
        footer={
          <Button autoInsertSpace={false} type="primary" onClick={start} autoFocus>
            {t('tour.start')}
          </Button>
        }
      >
        <p>{t('tour.welcomeBody')}</p>
        <p className="of-tour-progress">{progress(1)}</p>
      </Modal>
    );
  }
  if (step !== 2 && step !== 3) return null;

  const isLast = step === TOUR_STEPS;
  const target = isLast ? ACCOUNT_TARGET : SEARCH_TARGET;
  const tourStep: TourStepProps = {
    title: isLast ? t('tour.accountTitle') : t('tour.searchTitle'),
    description: (
      <>
        <p>{isLast ? t('tour.accountBody') : t('tour.searchBody')}</p>
        <p className="of-tour-progress">{progress(step)}</p>
      </>
    ),
    target: () => document.querySelector<HTMLElement>(target) ?? document.body,
  };
  return (
    <Tour
      open
      steps={[tourStep]}
      current={0}
      onClose={end}
      closeIcon={null}
      indicatorsRender={() => null}
      actionsRender={() => (
        <>
          <Button autoInsertSpace={false} size="small" onClick={end}>
            {t('tour.pass')}
          </Button>
          <Button
            autoInsertSpace={false}
            size="small"
            type="primary"
            autoFocus
            onClick={isLast ? end : () => setTourStep(3)}
          >
            {isLast ? t('tour.finish') : t('tour.next')}
          </Button>
        </>
      )}
    />
  );
}
