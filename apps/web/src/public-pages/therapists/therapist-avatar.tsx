import { useState } from 'react';
import { initialsOf } from './therapist-format';

type Props = {
  user: { id: number; firstName: string; lastName: string; hasAvatar: boolean };
  /** The picture's text alternative (the person's name); the initials stand in when there is no picture. */
  alt: string;
  size: 'small' | 'large';
};

/**
 * The therapist's picture, or their initials. A signed-in visitor's browser sends the staff session with the image
 * request, and staff rules hide other practices' pictures: then the initials stand in as well.
 */
export function TherapistAvatar({ user, alt, size }: Props) {
  const [isBroken, setBroken] = useState(false);
  const className = `therapist-avatar therapist-avatar-${size}`;
  if (!user.hasAvatar || isBroken) {
    return (
      <span className={className} role="img" aria-label={alt}>
        <span aria-hidden>{initialsOf(user)}</span>
      </span>
    );
  }
  const side = size === 'large' ? 160 : 72;
  return (
    <img
      className={className}
      src={`/api/user/${user.id}/avatar`}
      alt={alt}
      width={side}
      height={side}
      loading="lazy"
      onError={() => setBroken(true)}
    />
  );
}
