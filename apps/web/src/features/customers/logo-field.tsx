import { Badge, Box, Button, Group, Image, Input, Stack, Text } from '@mantine/core';
import { IconArrowBackUp, IconTrash, IconUpload } from '@tabler/icons-react';
import { type ChangeEvent, type CSSProperties, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateValidationKey } from '../../lib/i18n';
import { customerLogoUrl } from './api';
import {
  canToggleLogoDeletion,
  checkLogoFile,
  chooseLogo,
  LOGO_ACCEPT,
  type LogoState,
  toggleLogoDeletion,
} from './logo-state';

type LogoFieldProps = {
  customerId: number;
  /** The stored logo's file name; null when the practice has none. */
  logoFilename: string | null;
  state: LogoState;
  onChange: (state: LogoState) => void;
  /** A message key from the server or the pre-check ('error.logoType', 'error.logoSize'). */
  error: string | null;
  onError: (error: string | null) => void;
  disabled?: boolean;
};

const VISUALLY_HIDDEN: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
};

/** A preview URL for a chosen file, released when the file changes or the field goes away. */
function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const created = URL.createObjectURL(file);
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [file]);
  return url;
}

/**
 * The practice logo (spec foundations §4): the stored logo, a newly chosen file with preview, or the stored logo
 * marked for deletion ('Wird gelöscht').
 */
export function LogoField({ customerId, logoFilename, state, onChange, error, onError, disabled }: LogoFieldProps) {
  const { t } = useTranslation();
  const inputId = useId();
  // A new key empties the native input when the choice is dropped, so the same file can be picked again.
  const [inputKey, setInputKey] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);
  const newFile = state.kind === 'new' ? state.file : null;
  const previewUrl = useObjectUrl(newFile);
  const hasStoredLogo = logoFilename !== null;
  const isMarked = state.kind === 'delete';

  const onFileChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0] ?? null;
    const problem = file ? checkLogoFile(file) : null;
    onError(problem);
    if (problem) {
      setInputKey((key) => key + 1);
      onChange(chooseLogo<File>(null));
      return;
    }
    onChange(chooseLogo(file));
  };

  const onToggle = () => {
    onError(null);
    setInputKey((key) => key + 1);
    onChange(toggleLogoDeletion(state, hasStoredLogo));
  };

  let preview: ReactNode;
  if (newFile && previewUrl) {
    preview = (
      <Stack gap={4} align="flex-start">
        <Image src={previewUrl} alt={t('invoiceSettings.logoPreview')} mah={96} w="auto" fit="contain" />
        <Text size="sm" data-testid="logo-file-name">
          {t('invoiceSettings.logoNew', { name: newFile.name })}
        </Text>
      </Stack>
    );
  } else if (hasStoredLogo) {
    preview = (
      <Group gap="sm" align="center">
        <Image
          src={customerLogoUrl(customerId, logoFilename)}
          alt={t('invoiceSettings.logoCurrent')}
          mah={96}
          w="auto"
          fit="contain"
          style={isMarked ? { opacity: 0.35 } : undefined}
          data-testid="logo-current"
        />
        {isMarked && (
          <Badge color="red" variant="light" tt="none" data-testid="logo-marked">
            {t('invoiceSettings.logoMarked')}
          </Badge>
        )}
      </Group>
    );
  } else {
    preview = (
      <Text size="sm" c="dimmed">
        {t('invoiceSettings.logoNone')}
      </Text>
    );
  }

  return (
    <Input.Wrapper
      id={inputId}
      label={t('invoiceSettings.logo')}
      description={t('invoiceSettings.logoHint')}
      error={error ? translateValidationKey(error) : undefined}
    >
      <Stack gap="xs" mt={6}>
        <Box>{preview}</Box>
        <Group gap="sm" wrap="wrap" pos="relative">
          {/* The native input carries the label; the button opens it in the interface's language. */}
          <input
            key={inputKey}
            ref={inputRef}
            id={inputId}
            type="file"
            accept={LOGO_ACCEPT}
            disabled={disabled}
            onChange={onFileChange}
            tabIndex={-1}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${inputId}-description ${inputId}-error` : `${inputId}-description`}
            style={VISUALLY_HIDDEN}
          />
          <Button
            variant="default"
            size="xs"
            leftSection={<IconUpload size={16} aria-hidden />}
            onClick={() => inputRef.current?.click()}
            disabled={disabled}
            // The field's label as context for screen readers; the label itself names only the file input.
            aria-describedby={`${inputId}-label`}
          >
            {t('invoiceSettings.logoChoose')}
          </Button>
          {canToggleLogoDeletion(state, hasStoredLogo) && (
            <Button
              variant={isMarked ? 'default' : 'light'}
              color={isMarked ? undefined : 'red'}
              size="xs"
              leftSection={isMarked ? <IconArrowBackUp size={16} aria-hidden /> : <IconTrash size={16} aria-hidden />}
              onClick={onToggle}
              disabled={disabled}
            >
              {isMarked ? t('invoiceSettings.logoUndoDelete') : t('invoiceSettings.logoDelete')}
            </Button>
          )}
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}
