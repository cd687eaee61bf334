import { Alert, Skeleton, Stack, Text } from '@mantine/core';
import { can } from '@praxia/shared';
import { useTranslation } from 'react-i18next';
import { EditNoteDialog } from './edit-note-dialog';
import { HistoryComposer } from './history-composer';
import { HistoryEntry } from './history-entry';
import { HistoryHeader } from './history-header';
import { PrintHeading } from './print-heading';
import { useMedicalHistory } from './use-medical-history';
import './print.css';

/** The patient's medical history (spec people §2 Medical history screen). */
export function MedicalHistoryPage() {
  const { t } = useTranslation();
  const state = useMedicalHistory();
  const { list, editing } = state;

  return (
    <Stack gap="md" maw={900}>
      <HistoryHeader
        title={state.title}
        clientId={state.clientId}
        canExport={can(state.user?.roles ?? 0, 'patientExport', 'read')}
        isArchive={state.isArchive}
        onToggleArchive={state.toggleArchive}
        onBack={state.goBack}
      />
      <HistoryComposer composer={state.composer} />

      {list.data && <PrintHeading client={list.data.client} />}
      {list.isPending && <Skeleton h={80} />}
      {list.isError && <Alert color="red">{t('medicalHistory.loadFailed')}</Alert>}
      {list.data && list.data.list.length === 0 && <Text c="dimmed">{t('medicalHistory.empty')}</Text>}
      <Stack gap="xs">
        {list.data?.list.map((entry) => (
          <HistoryEntry key={entry.id} entry={entry} onAction={state.onEntryAction} />
        ))}
      </Stack>

      <EditNoteDialog
        editing={editing}
        onChange={state.setEditing}
        onClose={() => state.setEditing(null)}
        onSave={state.saveEdit}
        isSaving={state.isSavingEdit}
      />
    </Stack>
  );
}
