import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../lib/document-title';
import { useTranslation } from '../i18n';

/** Legal texts are binding in German only; English readers are told so instead of reading a loose translation. */
export function LegalPage({ title, children }: { title: string; children: ReactNode }) {
  const { t, i18n } = useTranslation();
  useDocumentTitle(title);
  return (
    <article className="card">
      <h1>{title}</h1>
      {i18n.language !== 'de' && <p className="notice">{t('legal.germanOnly')}</p>}
      <div className="legal" lang="de">
        {children}
      </div>
    </article>
  );
}

export function LegalSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <h2>{title}</h2>
      {children}
    </section>
  );
}

/** A block of legal text: a paragraph, or a bullet list when given an array. */
export function LegalText({ content }: { content: string | readonly string[] }) {
  if (typeof content === 'string') return <p>{content}</p>;
  return (
    <ul>
      {content.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}
