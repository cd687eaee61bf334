import { ActionIcon, Menu } from '@mantine/core';
import { can, formatPracticeDate, type OverdueNotice } from '@praxia/shared';
import { IconDotsVertical } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { overdueNoticeDownloadHref } from './api';
import { canDeleteNotices, type InvoiceViewer, isTherapistDrs, sendBlockReason } from './invoice-row-rules';
import { SendMenuItem } from './send-menu-item';

type Props = { notice: OverdueNotice; viewer: InvoiceViewer; onSend: () => void; onDelete: () => void };

/** A notice's actions (spec §2.8): send by e-mail (not for therapist-DRS, blocked as invoices are), download, delete. */
export function NoticeRowMenu({ notice, viewer, onSend, onDelete }: Props) {
  const { t } = useTranslation();
  const maySend = can(viewer.roles, 'invoiceSend', 'create') && !isTherapistDrs(viewer.roles);
  const blockedKey = sendBlockReason(notice, viewer);
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t('dunning.rowActions', { date: formatPracticeDate(notice.createdAt) })}
          data-testid={`notice-actions-${notice.id}`}
        >
          <IconDotsVertical size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {maySend && (
          <SendMenuItem
            label={t('dunning.send')}
            hint={t('invoiceList.sendHint')}
            blockedReason={blockedKey ? t(blockedKey) : null}
            onSend={onSend}
            testId="notice-send"
          />
        )}
        <Menu.Item component="a" href={overdueNoticeDownloadHref(notice)} download data-testid="notice-download">
          {t('dunning.download')}
        </Menu.Item>
        {canDeleteNotices(viewer.roles) && (
          <Menu.Item color="red.7" onClick={onDelete} data-testid="notice-delete">
            {t('dunning.delete')}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
