import { Anchor, Group, Text, ThemeIcon } from '@mantine/core';
import { Link } from 'react-router';

/**
 * The product name as a home link; the router's guards decide where "home" is for the visitor. The link is named
 * by its visible word 'Praxia' (the letter badge is decoration), so speech input and screen readers agree.
 */
export function Brand() {
  return (
    <Anchor component={Link} to="/" underline="never" c="inherit">
      <Group gap={8} wrap="nowrap">
        <ThemeIcon size={28} radius="md" aria-hidden>
          <Text fw={700} size="sm" c="white">
            P
          </Text>
        </ThemeIcon>
        <Text fw={700} size="lg">
          Praxia
        </Text>
      </Group>
    </Anchor>
  );
}
