import type { MouseEvent, ReactNode } from 'react';

type AppLinkProps = { to: string; onNavigate: (path: string) => void; className?: string; children: ReactNode };

/**
 * A link to another page of the staff app that the sign-in page opens without a page load (it runs both before
 * the staff app's router exists and inside it). Opening in a new tab or window stays the browser's.
 */
export function AppLink({ to, onNavigate, className, children }: AppLinkProps) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onNavigate(to);
  };
  return (
    <a href={to} className={className} onClick={onClick}>
      {children}
    </a>
  );
}
