import { Modal, type ModalRootProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type Props = Pick<ModalRootProps, 'size' | 'onClose' | 'transitionProps'> & {
  title: string;
  children: ReactNode;
  /** Open unless told otherwise: most dialogs are rendered only while they show. */
  opened?: boolean;
  testId?: string;
};

/**
 * The app's dialog. Composed by hand for two things Mantine's one-piece Modal does not do: its header is a plain box
 * (a `header` element inside a dialog reads as a second page banner) and its close button has a name.
 */
export function AppModal({ title, children, onClose, size, testId, opened = true, transitionProps }: Props) {
  const { t } = useTranslation();
  return (
    <Modal.Root
      opened={opened}
      onClose={onClose}
      size={size}
      centered
      transitionProps={transitionProps}
      data-testid={testId}
    >
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
