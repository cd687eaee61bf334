import { AVATAR_MAX_SIDE, AVATAR_QUALITY } from '@praxia/shared';

export type CropArea = { x: number; y: number; width: number; height: number };

/** Draws the chosen square of the image into at most 400 × 400 px and compresses it as JPEG at quality 0.4. */
export async function cropToAvatar(source: string, area: CropArea): Promise<Blob> {
  const image = new Image();
  image.src = source;
  await image.decode();
  const side = Math.min(AVATAR_MAX_SIDE, Math.round(area.width));
  const canvas = document.createElement('canvas');
  canvas.width = side;
  canvas.height = side;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no canvas');
  context.fillStyle = '#fff';
  context.fillRect(0, 0, side, side);
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, side, side);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no image'))), 'image/jpeg', AVATAR_QUALITY),
  );
}
