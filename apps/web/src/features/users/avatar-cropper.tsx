import { Slider, Text } from '@mantine/core';
import { AVATAR_MAX_BYTES } from '@praxia/shared';
import { IconPhotoUp } from '@tabler/icons-react';
import { useEffect, useId, useState } from 'react';
import Cropper from 'react-easy-crop';
import { useTranslation } from 'react-i18next';
import { AVATAR_MAX_SIZE_TEXT } from '../../lib/errors';
import { handleApiError, notifyError } from '../../lib/notify';
import { type CropArea, cropToAvatar } from './crop-image';

const TYPES = ['image/png', 'image/jpeg', 'image/gif'];

/** The avatar failures of people §8: wrong type, too large (with the maximum), the server's file-size refusal. */
export function reportAvatarError(error: unknown): void {
  handleApiError('avatarUpload', error);
}

export type AvatarChoice = ReturnType<typeof useAvatarChoice>;

/** A picture the user chose and the square they cut from it; checked for type and size before it is shown. */
export function useAvatarChoice() {
  const [source, setSource] = useState<string | null>(null);
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<CropArea | null>(null);

  useEffect(() => () => (source ? URL.revokeObjectURL(source) : undefined), [source]);

  return {
    source,
    crop,
    setCrop,
    zoom,
    setZoom,
    setArea,
    isReady: source !== null && area !== null,
    choose(file: File | undefined) {
      if (!file) return;
      if (!TYPES.includes(file.type)) return notifyError({ key: 'avatar.fileType' });
      if (file.size > AVATAR_MAX_BYTES)
        return notifyError({ key: 'avatar.fileSize', values: { size: AVATAR_MAX_SIZE_TEXT } });
      setSource(URL.createObjectURL(file));
      setZoom(1);
    },
    reset() {
      setSource(null);
      setArea(null);
    },
    /** The cut square as a JPEG of at most 400 × 400 px at quality 0.4 (people §5), or null when nothing is chosen. */
    async toBlob(): Promise<Blob | null> {
      return source && area ? cropToAvatar(source, area) : null;
    },
  };
}

/** The drop area until a picture is chosen, then the square crop with a zoom slider (people §2 avatar upload). */
export function AvatarCropper({ choice }: { choice: AvatarChoice }) {
  const { t } = useTranslation();
  const inputId = useId();
  const [isDragging, setIsDragging] = useState(false);

  if (choice.source) {
    return (
      <>
        <div
          style={{ position: 'relative', width: '100%', aspectRatio: '1 / 1', maxWidth: 400 }}
          title={t('avatar.cropArea')}
        >
          <Cropper
            image={choice.source}
            crop={choice.crop}
            zoom={choice.zoom}
            aspect={1}
            onCropChange={choice.setCrop}
            onZoomChange={choice.setZoom}
            onCropComplete={(_, pixels) => choice.setArea(pixels)}
          />
        </div>
        <div style={{ maxWidth: 400 }}>
          <Text size="sm" id={`${inputId}-zoom`}>
            {t('avatar.zoom')}
          </Text>
          <Slider
            min={1}
            max={3}
            step={0.05}
            value={choice.zoom}
            onChange={choice.setZoom}
            label={null}
            thumbProps={{ 'aria-labelledby': `${inputId}-zoom` }}
          />
        </div>
      </>
    );
  }
  return (
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
        choice.choose(event.dataTransfer.files[0]);
      }}
      style={{
        display: 'block',
        position: 'relative',
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
        onChange={(event) => choice.choose(event.currentTarget.files?.[0])}
      />
    </label>
  );
}
