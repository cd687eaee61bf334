import { ActionIcon, Group, Input, Paper, Text } from '@mantine/core';
import { PROFILE_TEXT_MAX, vitaTextLength } from '@praxia/shared';
import { IconBold, IconUnderline } from '@tabler/icons-react';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';

type Props = { value: string; onChange: (html: string) => void; error?: string; label: string };

/**
 * The vita as rich text with bold and underline only (people §3). The browser's editing commands produce <b> and
 * <u>; the server keeps just those, paragraphs and line breaks, whatever arrives.
 */
export function VitaEditor({ value, onChange, error, label }: Props) {
  const { t } = useTranslation();
  const editor = useRef<HTMLDivElement>(null);
  const labelId = useId();
  const errorId = useId();

  // Only outside changes (loading the user) are written into the editor; typing would lose the caret otherwise.
  useEffect(() => {
    const element = editor.current;
    if (element && element.innerHTML !== value) element.innerHTML = value;
  }, [value]);

  const format = (command: 'bold' | 'underline') => {
    editor.current?.focus();
    document.execCommand(command);
    onChange(editor.current?.innerHTML ?? '');
  };

  return (
    <Input.Wrapper
      label={label}
      labelElement="div"
      labelProps={{ id: labelId }}
      error={error}
      errorProps={{ id: errorId }}
    >
      <Paper withBorder p={0} mt={4}>
        <Group gap={4} p={4} style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
          <ActionIcon
            variant="subtle"
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => format('bold')}
            aria-label={t('profile.bold')}
          >
            <IconBold size={18} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => format('underline')}
            aria-label={t('profile.underline')}
          >
            <IconUnderline size={18} />
          </ActionIcon>
        </Group>
        {/* biome-ignore lint/a11y/useSemanticElements: rich text needs an editable element; a textarea holds plain text only */}
        <div
          ref={editor}
          role="textbox"
          tabIndex={0}
          aria-multiline="true"
          aria-labelledby={labelId}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          contentEditable
          suppressContentEditableWarning
          onInput={(event) => onChange(event.currentTarget.innerHTML)}
          style={{ minHeight: 120, padding: 'var(--mantine-spacing-xs)', outlineOffset: 2 }}
        />
      </Paper>
      <Text size="xs" c={vitaTextLength(value) > PROFILE_TEXT_MAX ? 'red' : 'dimmed'} mt={4}>
        {t('profile.characters', { count: vitaTextLength(value) })}
      </Text>
    </Input.Wrapper>
  );
}
