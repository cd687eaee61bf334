import { Alert, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { formatPracticeDate, PASSKEY_NAME_MAX_LENGTH, type Passkey } from '@praxia/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { handleApiError, notifyError, notifySuccess } from '../../../lib/notify';
import { queryClient } from '../../../lib/query-client';
import { AppModal } from '../../common/app-modal';
import { ConfirmDialog } from '../../common/confirm-dialog';
import { getPasskeys, passkeyKeys, removePasskey, renamePasskey } from './api';
import { addPasskey, isPasskeySupported, suggestPasskeyName } from './ceremonies';

const reloadList = () => queryClient.invalidateQueries({ queryKey: passkeyKeys.list });

const onChangeFailed = (error: unknown) => {
  if (!(error instanceof ApiError)) return notifyError({ key: 'passkeys.notUsed' });
  if (handleApiError('passkeys', error).effect === 'reload') void reloadList();
};

/** The profile's "Passkeys": add one on this device, rename and remove them. Each change is mailed by the server. */
export function PasskeysSection() {
  const { t } = useTranslation();
  const titleId = useId();
  const list = useQuery({ queryKey: passkeyKeys.list, queryFn: getPasskeys });
  const [name, setName] = useState(() => suggestPasskeyName(navigator.userAgent, t('passkeys.deviceOn')));
  const [renaming, setRenaming] = useState<Passkey | null>(null);
  const [removing, setRemoving] = useState<Passkey | null>(null);

  const add = useMutation({
    mutationFn: () => addPasskey(name.trim()),
    onSuccess: () => {
      notifySuccess('passkeys.added');
      void reloadList();
    },
    onError: onChangeFailed,
  });
  const remove = useMutation({
    mutationFn: (passkey: Passkey) => removePasskey(passkey.id),
    onSuccess: () => {
      notifySuccess('passkeys.removed');
      setRemoving(null);
      void reloadList();
    },
    onError: (error) => {
      setRemoving(null);
      onChangeFailed(error);
    },
  });

  const onAdd = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim()) add.mutate();
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={titleId}>
          {t('passkeys.title')}
        </Title>
        <Text size="sm">{t('passkeys.intro')}</Text>
        {list.data?.length === 0 && <Text c="dimmed">{t('passkeys.none')}</Text>}
        {list.data?.map((passkey) => (
          <Group key={passkey.id} justify="space-between" gap="xs" wrap="wrap" data-testid="passkey">
            <div style={{ minWidth: 0 }}>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {passkey.name}
              </Text>
              <Text size="xs" c="dimmed">
                {t('passkeys.addedOn', { date: formatPracticeDate(passkey.createdAt) })}
                {passkey.lastUsedAt &&
                  ` · ${t('passkeys.lastUsedOn', { date: formatPracticeDate(passkey.lastUsedAt) })}`}
              </Text>
            </div>
            <Group gap="xs">
              <Button
                size="xs"
                variant="default"
                aria-label={t('passkeys.renameLabel', { name: passkey.name })}
                onClick={() => setRenaming(passkey)}
              >
                {t('passkeys.rename')}
              </Button>
              <Button
                size="xs"
                variant="default"
                aria-label={t('passkeys.removeLabel', { name: passkey.name })}
                onClick={() => setRemoving(passkey)}
              >
                {t('passkeys.remove')}
              </Button>
            </Group>
          </Group>
        ))}
        {isPasskeySupported() ? (
          <form onSubmit={onAdd}>
            <Group align="flex-end" gap="sm" wrap="wrap">
              <TextInput
                label={t('passkeys.name')}
                value={name}
                maxLength={PASSKEY_NAME_MAX_LENGTH}
                onChange={(event) => setName(event.currentTarget.value)}
                style={{ flex: '1 1 12rem' }}
              />
              <Button type="submit" loading={add.isPending} disabled={!name.trim()}>
                {t('passkeys.add')}
              </Button>
            </Group>
          </form>
        ) : (
          <Alert color="gray">{t('passkeys.unsupported')}</Alert>
        )}
      </Stack>
      {renaming && <RenameDialog passkey={renaming} onClose={() => setRenaming(null)} />}
      <ConfirmDialog
        opened={removing !== null}
        title={t('passkeys.removeTitle')}
        confirmLabel={t('passkeys.remove')}
        isDestructive
        loading={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing)}
        onClose={() => setRemoving(null)}
      >
        <Text>{t('passkeys.removeText', { name: removing?.name ?? '' })}</Text>
      </ConfirmDialog>
    </Paper>
  );
}

function RenameDialog({ passkey, onClose }: { passkey: Passkey; onClose: () => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState(passkey.name);
  const rename = useMutation({
    mutationFn: () => renamePasskey(passkey.id, name.trim()),
    onSuccess: () => {
      notifySuccess('passkeys.renamed');
      void reloadList();
      onClose();
    },
    onError: onChangeFailed,
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim()) rename.mutate();
  };
  return (
    <AppModal title={t('passkeys.renameTitle')} onClose={onClose}>
      <form onSubmit={onSubmit}>
        <Stack gap="md">
          <TextInput
            label={t('passkeys.name')}
            value={name}
            maxLength={PASSKEY_NAME_MAX_LENGTH}
            onChange={(event) => setName(event.currentTarget.value)}
            data-autofocus
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={rename.isPending} disabled={!name.trim()}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}
