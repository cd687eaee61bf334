import { ActionIcon, Badge, Group, Menu, Paper, Stack, Text } from '@mantine/core';
import { formatPracticeDateTime, isBrowserViewable } from '@praxia/shared';
import { IconDots } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type HistoryItem, historyFileHref } from './api';

export type EntryAction = 'edit' | 'delete' | 'restore' | 'share' | 'unshare';

type Entry = Omit<HistoryItem, 'children'> & { children?: HistoryItem['children'] };

/** One note or document with its markers, its menu and (for notes) the earlier versions nested below it. */
export function HistoryEntry({
  entry,
  onAction,
  isChild = false,
}: {
  entry: Entry;
  onAction: (action: EntryAction, entry: Entry) => void;
  isChild?: boolean;
}) {
  const { t } = useTranslation();
  const date = formatPracticeDateTime(entry.createdAt);
  const marker =
    entry.state === 'deleted'
      ? t('medicalHistory.deleted')
      : entry.state === 'changed'
        ? t('medicalHistory.changed')
        : '';
  const isNewest = !isChild && entry.state !== 'changed';
  const isFile = entry.filename !== null;
  return (
    <Paper withBorder p="sm" className="mh-entry" ml={isChild ? 'lg' : 0} data-testid={`history-entry-${entry.id}`}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              {date} {marker}
            </Text>
            {entry.sentByPatient && (
              <Badge variant="filled" color="blue.9" size="sm">
                {t('medicalHistory.sentByPatient')}
              </Badge>
            )}
            {entry.sharedWithPatient && (
              <Badge variant="filled" color="teal.9" size="sm">
                {t('medicalHistory.shared')}
              </Badge>
            )}
          </Group>
          {isFile ? (
            <Text style={{ overflowWrap: 'anywhere' }}>{t('medicalHistory.document', { name: entry.filename })}</Text>
          ) : (
            <Text className="mh-note">{entry.note}</Text>
          )}
        </Stack>
        {isNewest && (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="subtle" className="mh-no-print" aria-label={t('medicalHistory.entryMenu', { date })}>
                <IconDots size={18} aria-hidden />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              {!isFile && entry.state === 'active' && (
                <Menu.Item onClick={() => onAction('edit', entry)}>{t('medicalHistory.edit')}</Menu.Item>
              )}
              {isFile && isBrowserViewable(entry.contentType) && (
                <Menu.Item
                  component="a"
                  href={historyFileHref(entry.id, entry.filename ?? '', { inline: true })}
                  target="_blank"
                  rel="noopener"
                >
                  {t('medicalHistory.show')}
                </Menu.Item>
              )}
              {isFile && (
                <Menu.Item component="a" href={historyFileHref(entry.id, entry.filename ?? '')} download>
                  {t('medicalHistory.download')}
                </Menu.Item>
              )}
              {isFile && entry.state === 'active' && !entry.sentByPatient && (
                <Menu.Item onClick={() => onAction(entry.sharedWithPatient ? 'unshare' : 'share', entry)}>
                  {t(entry.sharedWithPatient ? 'medicalHistory.unshare' : 'medicalHistory.share')}
                </Menu.Item>
              )}
              {entry.state === 'active' ? (
                <Menu.Item color="red.7" onClick={() => onAction('delete', entry)}>
                  {t('medicalHistory.delete')}
                </Menu.Item>
              ) : (
                <Menu.Item onClick={() => onAction('restore', entry)}>{t('medicalHistory.restore')}</Menu.Item>
              )}
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>
      {entry.children && entry.children.length > 0 && (
        <Stack gap="xs" mt="xs" aria-label={t('medicalHistory.versions')} component="section">
          {entry.children.map((child) => (
            <HistoryEntry key={child.id} entry={{ ...child, children: [] }} onAction={onAction} isChild />
          ))}
        </Stack>
      )}
    </Paper>
  );
}
