import { Image, Skeleton } from '@mantine/core';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The otpauth address as a QR code, drawn in the browser: the secret never goes to a third-party image service. */
export function TotpQrCode({ address }: { address: string }) {
  const { t } = useTranslation();
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    let isCurrent = true;
    void QRCode.toDataURL(address, { margin: 1, width: 200 }).then((url) => isCurrent && setImage(url));
    return () => {
      isCurrent = false;
    };
  }, [address]);
  if (!image) return <Skeleton w={200} h={200} />;
  return <Image src={image} w={200} h={200} alt={t('twoFactor.qrAlt')} />;
}
