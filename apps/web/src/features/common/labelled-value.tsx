import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A read-only value under its small label, as the profile views show them. */
export function LabelledValue({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <div>{children}</div>
    </div>
  );
}
