import type { PageHead, TherapistPageText } from '@praxia/shared/therapist-pages';
import { useEffect } from 'react';
import { useDocumentTitle } from '../../lib/document-title';
import { useTranslation } from '../i18n';

/** Sets (or adds) a `<meta name=…>` tag and returns how to put the previous content back. */
function setMeta(name: string, content: string | null): () => void {
  let tag = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  const previous = tag?.content ?? null;
  if (content === null) {
    tag?.remove();
  } else {
    if (!tag) {
      tag = document.createElement('meta');
      tag.name = name;
      document.head.append(tag);
    }
    tag.content = content;
  }
  return () => {
    setMeta(name, previous);
  };
}

/**
 * The search and profile pages' title, description and `noindex` (spec appointments §2.5: search pages from 2 on),
 * as the server wrote them into the HTML (@praxia/shared/therapist-pages; the visitor's language may differ). null
 * while the page is loading keeps the server's head, so it does not flicker to a poorer one.
 */
export function usePageHead(head: PageHead | null): void {
  useDocumentTitle(head ? head.title : null);
  const description = head ? head.description : null;
  const robots = head ? (head.isIndexable ? null : 'noindex') : undefined;
  useEffect(() => (description === null ? undefined : setMeta('description', description)), [description]);
  useEffect(() => (robots === undefined ? undefined : setMeta('robots', robots)), [robots]);
}

/** The head texts in the visitor's language, for the shared head builders. */
export function useTherapistPageText(): TherapistPageText {
  const { t } = useTranslation();
  return (key, values = {}) => t(`therapistPages.${key}`, values);
}
