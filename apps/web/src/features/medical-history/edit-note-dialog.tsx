import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { translateValidationKey } from '../../lib/i18n';
import type { EditedNote } from './use-medical-history';

type Props = {
  /** The note being edited; the dialog is closed while null. */
  editing: EditedNote | null;
  onChange: (editing: EditedNote) => void;
  onClose: () => void;
  onSave: (edited: EditedNote) => void;
  isSaving: boolean;
};

/** Edits a note's text; an empty text cannot be saved. */
export function EditNoteDialog({ editing, onChange, onClose, onSave, isSaving }: Props) {
  const { t } = useTranslation();
  return (
    <Modal opened={editing !== null} onClose={onClose} title={t('medicalHistory.editTitle')}>
      {editing && (
        <Stack>
          <Textarea
            label={t('medicalHistory.editLabel')}
            autosize
            minRows={4}
            data-autofocus
            value={editing.note}
            error={editing.note.trim() ? null : translateValidationKey('error.required')}
            onChange={(event) => onChange({ ...editing, note: event.currentTarget.value })}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('medicalHistory.cancel')}
            </Button>
            <Button
              loading={isSaving}
              disabled={!editing.note.trim()}
              onClick={() => onSave({ id: editing.id, note: editing.note.trim() })}
            >
              {t('medicalHistory.save')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
