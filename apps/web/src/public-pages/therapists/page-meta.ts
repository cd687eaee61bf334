import { useEffect } from 'react';

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
 * The search and profile pages' description for search engines, and `noindex` where a page should not be listed
 * (spec appointments §2.5: search pages from 2 on).
 */
export function usePageMeta(description: string, options: { noindex?: boolean } = {}): void {
  const { noindex = false } = options;
  useEffect(() => setMeta('description', description || null), [description]);
  useEffect(() => setMeta('robots', noindex ? 'noindex' : null), [noindex]);
}
