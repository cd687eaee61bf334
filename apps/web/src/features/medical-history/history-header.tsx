import { ActionIcon, Button, Group, Menu } from '@mantine/core';
import { IconArrowLeft, IconDotsVertical, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '../common/page-title';
import { patientExportHref } from './api';
import { patientFormPath } from './navigation';

type Props = {
  title: string;
  clientId: number;
  /** Whether the menu offers this patient's export (the roles that may export patient data). */
  canExport: boolean;
  isArchive: boolean;
  onToggleArchive: () => void;
  onBack: () => void;
};

/** The heading with its menu (archive, print, export) and the way back or to the patient's form; not printed. */
export function HistoryHeader({ title, clientId, canExport, isArchive, onToggleArchive, onBack }: Props) {
  const { t } = useTranslation();
  return (
    <>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <PageTitle>{title}</PageTitle>
        <Menu position="bottom-end">
          <Menu.Target>
            <ActionIcon variant="default" size="lg" className="mh-no-print" aria-label={t('medicalHistory.headerMenu')}>
              <IconDotsVertical size={18} aria-hidden />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={onToggleArchive}>
              {t(isArchive ? 'medicalHistory.archiveHide' : 'medicalHistory.archiveShow')}
            </Menu.Item>
            <Menu.Item onClick={() => window.print()}>{t('medicalHistory.print')}</Menu.Item>
            {canExport && (
              <Menu.Item component="a" href={patientExportHref(clientId)} download>
                {t('export.button')}
              </Menu.Item>
            )}
          </Menu.Dropdown>
        </Menu>
      </Group>

      <Group gap="xs" className="mh-no-print">
        <Button variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={onBack}>
          {t('medicalHistory.back')}
        </Button>
        <Button
          variant="default"
          component={Link}
          to={patientFormPath(clientId)}
          leftSection={<IconUser size={16} aria-hidden />}
        >
          {t('medicalHistory.patientForm')}
        </Button>
      </Group>
    </>
  );
}
