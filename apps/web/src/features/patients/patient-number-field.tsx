import { TextInput, type TextInputProps } from '@mantine/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../common/confirm-dialog';

// Spec people §9: the field gives up focus 100 ms after a cancelled confirmation.
const BLUR_DELAY_MS = 100;

/** The patient number: focusing it asks first (spec people §4); cancel leaves it, confirm allows editing. */
export function PatientNumberField(props: TextInputProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [isUnlocked, setUnlocked] = useState(false);
  const [isAsking, setAsking] = useState(false);
  // The dialog hands focus back to the field when it closes; that must not ask again.
  const isReturningFocus = useRef(false);
  return (
    <>
      <TextInput
        {...props}
        ref={input}
        readOnly={!isUnlocked}
        inputMode="numeric"
        onFocus={() => {
          if (!isUnlocked && !isReturningFocus.current) setAsking(true);
        }}
        data-testid="patient-number"
      />
      <ConfirmDialog
        opened={isAsking}
        title={t('patients.numberConfirmTitle')}
        confirmLabel={t('patients.numberConfirm')}
        onClose={() => {
          isReturningFocus.current = true;
          setAsking(false);
          setTimeout(() => {
            input.current?.blur();
            isReturningFocus.current = false;
          }, BLUR_DELAY_MS);
        }}
        onConfirm={() => {
          setUnlocked(true);
          setAsking(false);
          setTimeout(() => input.current?.focus(), BLUR_DELAY_MS);
        }}
      >
        {t('patients.numberConfirmText')}
      </ConfirmDialog>
    </>
  );
}
