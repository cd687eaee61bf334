import { useState } from 'react';
import { useDocumentTitle } from '../../lib/document-title';
import { useTranslation } from '../i18n';
import { NotFoundPage } from '../not-found-page';
import { type RemovalResult, removeFromWaitingList } from './waiting-list-api';

/** The token is the last part of /appointment/waiting-list/{token}. */
const tokenFromPath = () => decodeURIComponent(window.location.pathname.split('/').filter(Boolean)[2] ?? '');

/**
 * /appointment/waiting-list/{token}: the removal link of every waiting-list mail. Removal waits for the button (mail
 * scanners open links on their own), then says it is done; an unknown or used link is the 404 page.
 */
export function WaitingListRemovePage() {
  const { t } = useTranslation();
  useDocumentTitle(t('waitingListPage.title'));
  const [token] = useState(tokenFromPath);
  const [step, setStep] = useState<'ask' | 'sending' | RemovalResult>('ask');

  if (!token || step === 'unknown') return <NotFoundPage />;

  const remove = async () => {
    setStep('sending');
    setStep(await removeFromWaitingList(token));
  };

  return (
    <article className="card">
      <h1>{t('waitingListPage.title')}</h1>
      {step === 'removed' ? (
        <p className="success" role="status">
          {t('waitingListPage.done')}
        </p>
      ) : (
        <>
          <p>{t('waitingListPage.question')}</p>
          {step === 'failed' && <p role="alert">{t('waitingListPage.failed')}</p>}
          <button type="button" className="danger" disabled={step === 'sending'} onClick={() => void remove()}>
            {t('waitingListPage.submit')}
          </button>
        </>
      )}
    </article>
  );
}
