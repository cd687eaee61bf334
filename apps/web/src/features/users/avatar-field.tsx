import { Avatar, Button, Group, Input, Stack } from '@mantine/core';
import { IconPhoto, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { avatarUrl, deleteAvatar, uploadAvatar } from './api';
import { AvatarCropper, useAvatarChoice } from './avatar-cropper';

type Owner = { id: number; firstName: string; lastName: string; hasAvatar: boolean };

export type AvatarFieldState = ReturnType<typeof useAvatarField>;

/** The form's avatar: a new square cut from a chosen picture, or the removal of the current one; applied on save. */
export function useAvatarField(owner: Owner | undefined) {
  const choice = useAvatarChoice();
  const [isChoosing, setIsChoosing] = useState(false);
  const [isRemoved, setIsRemoved] = useState(false);
  return { owner, choice, isChoosing, setIsChoosing, isRemoved, setIsRemoved };
}

/**
 * Uploads the new avatar or removes the old one after the user was saved (people §4: "a new avatar is uploaded after
 * a successful update"); a new user gets theirs once they exist.
 */
export async function applyAvatarChange(userId: number, field: AvatarFieldState): Promise<void> {
  const image = field.isChoosing ? await field.choice.toBlob() : null;
  if (image) await uploadAvatar(userId, image);
  else if (field.isRemoved && field.owner?.hasAvatar) await deleteAvatar(userId);
}

/** The first field of the user form (people §2): the picture, a square crop of a new one, or its removal. */
export function AvatarField({ field }: { field: AvatarFieldState }) {
  const { t } = useTranslation();
  const { owner, choice } = field;
  const name = owner ? `${owner.firstName} ${owner.lastName}` : '';
  const hasCurrent = Boolean(owner?.hasAvatar) && !field.isRemoved;
  const stopChoosing = () => {
    choice.reset();
    field.setIsChoosing(false);
  };
  return (
    <Input.Wrapper label={t('avatar.label')}>
      <Stack gap="sm" mt={4}>
        {field.isChoosing ? (
          <AvatarCropper choice={choice} />
        ) : (
          <Avatar
            size={96}
            radius="xl"
            src={owner && hasCurrent ? avatarUrl(owner.id, 'form') : null}
            alt={hasCurrent ? t('avatar.alt', { name }) : t('avatar.none')}
          />
        )}
        <Group gap="sm">
          {field.isChoosing ? (
            <Button variant="default" onClick={stopChoosing}>
              {t('avatar.cancel')}
            </Button>
          ) : (
            <Button variant="default" leftSection={<IconPhoto size={16} />} onClick={() => field.setIsChoosing(true)}>
              {t('users.avatar')}
            </Button>
          )}
          {hasCurrent && !field.isChoosing && (
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={16} />}
              onClick={() => field.setIsRemoved(true)}
            >
              {t('avatar.remove')}
            </Button>
          )}
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}
