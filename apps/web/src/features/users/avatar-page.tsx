import { Button, Group, Paper, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageLoader } from '../../app/page-loader';
import { paths } from '../../app/paths';
import { useGoBack } from '../../app/use-go-back';
import { notifySuccess } from '../../lib/notify';
import { queryClient } from '../../lib/query-client';
import { useCurrentUser } from '../auth/session';
import { PageTitle } from '../common/page-title';
import { uploadAvatar, userKeys } from './api';
import { AvatarCropper, reportAvatarError, useAvatarChoice } from './avatar-cropper';

function AvatarUpload({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const goBack = useGoBack(paths.profile);
  const choice = useAvatarChoice();

  const upload = useMutation({
    mutationFn: async () => {
      const image = await choice.toBlob();
      if (!image) throw new Error('nothing chosen');
      return uploadAvatar(userId, image);
    },
    onSuccess: () => {
      notifySuccess('avatar.saved');
      void queryClient.invalidateQueries({ queryKey: userKeys.all });
      goBack();
    },
    onError: reportAvatarError,
  });

  return (
    <Paper p={{ base: 'md', xs: 'xl' }} maw={560}>
      <PageTitle>{t('avatar.title')}</PageTitle>
      <Stack gap="md">
        <AvatarCropper choice={choice} />
        <Group gap="sm">
          <Button onClick={() => upload.mutate()} disabled={!choice.isReady} loading={upload.isPending}>
            {t('avatar.submit')}
          </Button>
          <Button variant="default" onClick={goBack} disabled={upload.isPending}>
            {t('avatar.cancel')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** /user/profile-avatar: one's own avatar. */
export function ProfileAvatarPage() {
  const { user } = useCurrentUser();
  return user ? <AvatarUpload userId={user.id} /> : <PageLoader />;
}

/** /user/edit/:id/avatar: another user's avatar (the server checks who may). */
export function UserAvatarPage() {
  const id = Number(useParams().id);
  return Number.isInteger(id) && id > 0 ? <AvatarUpload userId={id} /> : <PageLoader />;
}
