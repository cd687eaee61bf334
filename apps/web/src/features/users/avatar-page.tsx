import { Button, Group, Paper, Slider, Stack, Text } from '@mantine/core';
import { AVATAR_MAX_BYTES, ErrorCode } from '@praxia/shared';
import { IconPhotoUp } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import Cropper from 'react-easy-crop';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageLoader } from '../../app/page-loader';
import { paths } from '../../app/paths';
import { useGoBack } from '../../app/use-go-back';
import { ApiError } from '../../lib/api-client';
import { handleApiError, notifyError, notifySuccess } from '../../lib/notify';
import { queryClient } from '../../lib/query-client';
import { useCurrentUser } from '../auth/session';
import { PageTitle } from '../common/page-title';
import { uploadAvatar, userKeys } from './api';
import { type CropArea, cropToAvatar } from './crop-image';

const TYPES = ['image/png', 'image/jpeg', 'image/gif'];
const MAX_SIZE_TEXT = '1 MB';

/** The avatar failures of people §8: wrong type, too large (with the maximum), the server's file-size refusal. */
function reportUploadError(error: unknown): void {
  const code = error instanceof ApiError ? error.code : undefined;
  if (code === ErrorCode.fileSize)
    notifyError({ key: 'avatar.fileSize', values: { size: MAX_SIZE_TEXT } }, { key: 'common.updateError' });
  else if (code === ErrorCode.fileMimeType) notifyError({ key: 'avatar.fileType' }, { key: 'common.updateError' });
  else handleApiError('default', error);
}

function AvatarUpload({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const goBack = useGoBack(paths.profile);
  const inputId = useId();
  const [source, setSource] = useState<string | null>(null);
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<CropArea | null>(null);
  const [isDragging, setIsDragging] = useState(false);

  useEffect(() => () => (source ? URL.revokeObjectURL(source) : undefined), [source]);

  const choose = (file: File | undefined) => {
    if (!file) return;
    if (!TYPES.includes(file.type)) return notifyError({ key: 'avatar.fileType' });
    if (file.size > AVATAR_MAX_BYTES) return notifyError({ key: 'avatar.fileSize', values: { size: MAX_SIZE_TEXT } });
    setSource(URL.createObjectURL(file));
    setZoom(1);
  };

  const upload = useMutation({
    mutationFn: async () => {
      if (!source || !area) throw new Error('nothing chosen');
      return uploadAvatar(userId, await cropToAvatar(source, area));
    },
    onSuccess: () => {
      notifySuccess('avatar.saved');
      void queryClient.invalidateQueries({ queryKey: userKeys.all });
      goBack();
    },
    onError: reportUploadError,
  });

  return (
    <Paper p={{ base: 'md', xs: 'xl' }} maw={560}>
      <PageTitle>{t('avatar.title')}</PageTitle>
      <Stack gap="md">
        {source ? (
          <>
            <div
              style={{ position: 'relative', width: '100%', aspectRatio: '1 / 1', maxWidth: 400 }}
              title={t('avatar.cropArea')}
            >
              <Cropper
                image={source}
                crop={crop}
                zoom={zoom}
                aspect={1}
                onCropChange={setCrop}
                onZoomChange={setZoom}
                onCropComplete={(_, pixels) => setArea(pixels)}
              />
            </div>
            <div>
              <Text size="sm" id={`${inputId}-zoom`}>
                {t('avatar.zoom')}
              </Text>
              <Slider
                min={1}
                max={3}
                step={0.05}
                value={zoom}
                onChange={setZoom}
                label={null}
                thumbProps={{ 'aria-labelledby': `${inputId}-zoom` }}
              />
            </div>
          </>
        ) : (
          <label
            htmlFor={inputId}
            onDragOver={(event) => {
              event.preventDefault();
              setIsDragging(true);
            }}
            onDragLeave={() => setIsDragging(false)}
            onDrop={(event) => {
              event.preventDefault();
              setIsDragging(false);
              choose(event.dataTransfer.files[0]);
            }}
            style={{
              display: 'block',
              cursor: 'pointer',
              border: `2px dashed var(--mantine-color-${isDragging ? 'blue-6' : 'gray-5'})`,
              borderRadius: 'var(--mantine-radius-md)',
              padding: 'var(--mantine-spacing-xl)',
              textAlign: 'center',
            }}
          >
            <IconPhotoUp size={40} aria-hidden />
            <Text>{t('avatar.drop')}</Text>
            <Text size="sm" c="dimmed">
              {t('avatar.hint')}
            </Text>
            <input
              id={inputId}
              type="file"
              accept=".png,.jpg,.jpeg,.jpe,.gif,image/png,image/jpeg,image/gif"
              style={{ position: 'absolute', width: 1, height: 1, opacity: 0 }}
              onChange={(event) => choose(event.currentTarget.files?.[0])}
            />
          </label>
        )}
        <Group gap="sm">
          <Button onClick={() => upload.mutate()} disabled={!source || !area} loading={upload.isPending}>
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
