import { Title } from '@mantine/core';
import { useDocumentTitle } from '../../lib/document-title';

/** The page heading, which also names the browser tab. */
export function PageTitle({ children }: { children: string }) {
  useDocumentTitle(children);
  return (
    <Title order={1} size="h2" mb="md" style={{ overflowWrap: 'anywhere' }}>
      {children}
    </Title>
  );
}
