import type { OverdueNotice } from '@praxia/shared';
import { useMutation } from '@tanstack/react-query';
import { handleApiError, notifySuccess } from '../../lib/notify';
import { queryClient } from '../../lib/query-client';
import {
  createOverdueNotice,
  deleteOverdueNotice,
  invoiceKeys,
  type OverdueNoticeType,
  sendOverdueNotice,
} from './api';

// The notices change the invoice's state label too, so the list reloads with the dialog.
const refresh = () => queryClient.invalidateQueries({ queryKey: invoiceKeys.all });
const onError = (error: unknown) => {
  handleApiError('invoiceCall', error);
  void refresh();
};
const word = (type: OverdueNoticeType) => (type === 'reminder' ? 'Reminder' : 'Notice');

/** The dunning dialog's calls with the toasts of spec §8. */
export function useNoticeActions(invoiceId: number, onDeleted: () => void) {
  const create = useMutation({
    mutationFn: (type: OverdueNoticeType) => createOverdueNotice(invoiceId, type),
    onSuccess: (notice) => {
      notifySuccess(`dunning.created${word(notice.type)}`);
      void refresh();
    },
    onError,
  });
  const send = useMutation({
    mutationFn: (notice: OverdueNotice) => sendOverdueNotice(notice.id),
    onSuccess: (notice) => {
      notifySuccess(`dunning.sent${word(notice.type)}`);
      void refresh();
    },
    onError,
  });
  const remove = useMutation({
    mutationFn: async (notice: OverdueNotice) => {
      await deleteOverdueNotice(notice.id);
      return notice;
    },
    onSuccess: (notice) => {
      notifySuccess(`dunning.deleted${word(notice.type)}`);
      onDeleted();
      void refresh();
    },
    onError: (error) => {
      onDeleted();
      onError(error);
    },
  });
  return { create, send, remove };
}
