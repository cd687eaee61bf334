import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainFrame, plainFrameTexts } from '../../../lib/plain-frame/plain-frame';
import { commonNavigation } from '../../common/navigation';
import { AppLink } from './app-link';

const { paths } = commonNavigation;

/** The sign-in page's frame: the public pages' one, with help, and home and help opened without a page load. */
export function SignInFrame({ onNavigate, children }: { onNavigate: (path: string) => void; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <PlainFrame
      texts={plainFrameTexts(t)}
      homeLink={(content, className) => (
        <AppLink to={paths.root} onNavigate={onNavigate} className={className}>
          {content}
        </AppLink>
      )}
      moreFooterLinks={
        <AppLink to={paths.help} onNavigate={onNavigate}>
          {t('nav.help')}
        </AppLink>
      }
    >
      {children}
    </PlainFrame>
  );
}
