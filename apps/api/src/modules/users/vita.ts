import sanitizeHtml from 'sanitize-html';

/** The vita keeps bold, underline, paragraphs and line breaks only (security.md); everything else is dropped. */
export function sanitiseVita(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ['p', 'br', 'b', 'strong', 'u'],
    allowedAttributes: {},
    disallowedTagsMode: 'discard',
  }).trim();
}
