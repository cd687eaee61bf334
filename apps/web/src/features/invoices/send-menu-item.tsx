import { Menu, Text, Tooltip } from '@mantine/core';

type Props = { label: string; hint: string; blockedReason: string | null; onSend: () => void; testId: string };

/**
 * "Send by e-mail" in a row menu (spec §5): when blocked it stays in the menu, marked disabled, with the reason as
 * its tooltip and — for touch and screen-reader users, who get no hover — as a second line. It is not a disabled
 * button (which would swallow the hover) and the tooltip wraps the item itself, so the menu holds only menu items.
 */
export function SendMenuItem({ label, hint, blockedReason, onSend, testId }: Props) {
  const isBlocked = blockedReason !== null;
  return (
    <Tooltip
      label={blockedReason ?? hint}
      position="left"
      multiline
      w={260}
      events={{ hover: true, focus: true, touch: false }}
    >
      <Menu.Item
        data-disabled={isBlocked || undefined}
        aria-disabled={isBlocked || undefined}
        closeMenuOnClick={!isBlocked}
        onClick={isBlocked ? undefined : onSend}
        data-testid={testId}
      >
        {label}
        {isBlocked && (
          <Text size="xs" c="dimmed" component="span" display="block">
            {blockedReason}
          </Text>
        )}
      </Menu.Item>
    </Tooltip>
  );
}
