import { Title } from '@mantine/core';
import { useEffect } from 'react';

/** The page heading; it also names the browser tab so history and screen readers tell pages apart. */
export function PageTitle({ children }: { children: string }) {
  useEffect(() => {
    document.title = `${children} – Praxia`;
  }, [children]);
  return (
    <Title order={1} size="h2" mb="md">
      {children}
    </Title>
  );
}
