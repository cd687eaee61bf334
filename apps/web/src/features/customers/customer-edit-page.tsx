import { Button, Group, Paper, Stack } from '@mantine/core';
import { type Customer, hasRole, Role } from '@praxia/shared';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { PageLoader } from '../../app/page-loader';
import { paths } from '../../app/paths';
import { useGoBack } from '../../app/use-go-back';
import { handleApiError, notifySuccess } from '../../lib/notify';
import { queryClient } from '../../lib/query-client';
import { useCurrentUser } from '../auth/session';
import { PageTitle } from '../common/page-title';
import { customerKeys, updateCustomer } from './api';
import { InvoiceSettingsFields, useInvoiceSettingsForm } from './invoice-settings-form';
import { useEditableCustomer } from './use-editable-customer';

function parseId(raw: string | undefined): number | null {
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : null;
}

function CustomerEditor({ customer, isAdmin, onDone }: { customer: Customer; isAdmin: boolean; onDone: () => void }) {
  const { t } = useTranslation();
  const state = useInvoiceSettingsForm(customer, isAdmin);

  const save = useMutation({
    mutationFn: (input: NonNullable<ReturnType<typeof state.prepare>>) =>
      updateCustomer(customer.id, input.changes, input.logo),
    onSuccess: (updated) => {
      queryClient.setQueryData(customerKeys.detail(updated.id), updated);
      void queryClient.invalidateQueries({ queryKey: customerKeys.all });
      notifySuccess('common.updateSuccess');
      onDone();
    },
    onError: (error) => state.showErrors(handleApiError('customerUpdate', error)),
  });

  return (
    <form
      noValidate
      aria-label={t('customers.editTitle')}
      onSubmit={(event) => {
        event.preventDefault();
        const input = state.prepare();
        if (input) save.mutate(input);
      }}
    >
      <Stack gap="xl">
        <InvoiceSettingsFields state={state} canEdit isAdmin={isAdmin} />
        <Group gap="sm">
          <Button type="submit" loading={save.isPending}>
            {t('common.save')}
          </Button>
          <Button variant="default" onClick={onDone} disabled={save.isPending}>
            {t('common.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A practice's invoice settings by route id (spec foundations §2 Customer edit); afterwards back where the user came from. */
export function CustomerEditPage() {
  const { t } = useTranslation();
  const { id: rawId } = useParams();
  const id = parseId(rawId);
  const { user } = useCurrentUser();
  const goBack = useGoBack(paths.customerList);
  const query = useEditableCustomer(id, goBack);

  if (id === null) return <Navigate to={paths.customerList} replace />;
  if (!query.data) return <PageLoader />;

  return (
    <Paper p={{ base: 'md', xs: 'xl' }} maw={900}>
      <PageTitle>{t('customers.editTitle')}</PageTitle>
      <CustomerEditor
        key={query.data.id}
        customer={query.data}
        isAdmin={hasRole(user?.roles ?? 0, Role.ADMIN)}
        onDone={goBack}
      />
    </Paper>
  );
}
