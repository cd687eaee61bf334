import { Modal, type ModalRootProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type Props = Pick<ModalRootProps, 'size' | 'onClose'> & { title: string; children: ReactNode; testId?: string };

/**
 * A dialog of the calendar. Composed by hand for two things Mantine's one-piece Modal does not do: its header is a
 * plain box (a `header` element inside a dialog reads as a second page banner) and its close button has a name.
 */
export function CalendarModal({ title, children, onClose, size, testId }: Props) {
  const { t } = useTranslation();
  return (
    <Modal.Root opened onClose={onClose} size={size} centered data-testid={testId}>
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header {...{ component: 'div' }}>
          <Modal.Title>{title}</Modal.Title>
          <Modal.CloseButton aria-label={t('common.close')} />
        </Modal.Header>
        <Modal.Body>{children}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
