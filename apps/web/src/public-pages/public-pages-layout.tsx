import type { ReactNode } from 'react';
import { PlainFrame } from '../lib/plain-frame/plain-frame';

/** The frame of every public page: the product name, the page, and the legal links. */
export function PublicPagesLayout({ children }: { children: ReactNode }) {
  return <PlainFrame>{children}</PlainFrame>;
}
