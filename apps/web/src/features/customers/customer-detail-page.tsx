import { Alert, Anchor, Button, Divider, Group, List, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { type Customer, can, hasRole, Role, THERAPISTS, type User } from '@praxia/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PageLoader } from '../../app/page-loader';
import { paths } from '../../app/paths';
import { useGoBack } from '../../app/use-go-back';
import { handleApiError, notifyError, notifySuccess } from '../../lib/notify';
import { queryClient } from '../../lib/query-client';
import { reloadCurrentUser, useCurrentUser } from '../auth/session';
import { ConfirmDialog } from '../common/confirm-dialog';
import { PageTitle } from '../common/page-title';
import {
  customerKeys,
  deactivateCustomer,
  getInvoiceSettings,
  saveInvoiceSettings,
  therapistName,
  updateCustomer,
} from './api';
import { InvoiceSettingsFields, useInvoiceSettingsForm } from './invoice-settings-form';
import { toTherapistSettingsValues } from './invoice-settings-values';
import { TherapistSettingsFields, useTherapistSettingsForm } from './therapist-settings-form';
import { useEditableCustomer } from './use-editable-customer';
import { useSelectedTherapist } from './use-selected-therapist';

/** Practice owners end their subscription here; everyone of the practice is signed out (spec foundations §4). */
function AccountDeactivation({ customerId }: { customerId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [isOpen, setOpen] = useState(false);
  const deactivate = useMutation({
    mutationFn: () => deactivateCustomer(customerId),
    onSuccess: (result) => {
      setOpen(false);
      if (result.status !== 'canceled') {
        notifyError({ key: 'account.deactivationError' });
        return;
      }
      notifySuccess('account.deactivateSuccess');
      void navigate(paths.logout);
    },
    onError: (error) => {
      setOpen(false);
      handleApiError('accountDeactivate', error);
    },
  });

  return (
    <Stack gap="sm" component="section">
      <Title order={2} size="h4">
        {t('account.section')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('account.deactivateHint')}
      </Text>
      <Button variant="outline" color="red" w="fit-content" onClick={() => setOpen(true)}>
        {t('account.deactivate')}
      </Button>
      <ConfirmDialog
        opened={isOpen}
        title={t('account.deactivateTitle')}
        confirmLabel={t('account.deactivate')}
        isDestructive
        loading={deactivate.isPending}
        onClose={() => setOpen(false)}
        onConfirm={() => deactivate.mutate()}
      >
        <Text size="sm">{t('account.deactivateIntro')}</Text>
        <List size="sm" spacing={4}>
          <List.Item>{t('account.deactivateSubscription')}</List.Item>
          <List.Item>{t('account.deactivateSignOut')}</List.Item>
          <List.Item>{t('account.deactivateRetention')}</List.Item>
        </List>
      </ConfirmDialog>
    </Stack>
  );
}

type DetailProps = { customer: Customer; user: User; onDone: () => void };

/** The forms of the page and the one save for all of them. */
function CustomerDetail({ customer, user, onDone }: DetailProps) {
  const { t } = useTranslation();
  const isAdmin = hasRole(user.roles, Role.ADMIN);
  const isOwner = hasRole(user.roles, Role.CUSTOMER_ADMIN);
  // Owners, admins and the practice's assistants (foundations §6: assistants work on the customer detail).
  const canEditCustomer = can(user.roles, 'customerSettings', 'edit');
  const isTherapist = hasRole(user.roles, THERAPISTS);
  // An assistant works on behalf of a therapist of the practice (spec foundations §6).
  const isAssistant = !isTherapist && hasRole(user.roles, Role.SECRETARY);

  const customerForm = useInvoiceSettingsForm(customer, isAdmin);
  const therapistForm = useTherapistSettingsForm();
  const choice = useSelectedTherapist(customer.id, isAssistant);
  // The sidebar's selected therapist is the default; choosing here does not change the filter.
  const [chosenId, setChosenId] = useState<number | null>(null);
  const targetId = isTherapist ? user.id : isAssistant ? (chosenId ?? choice.selectedId) : null;

  const settings = useQuery({
    queryKey: customerKeys.invoiceSettings(targetId ?? 0),
    queryFn: () => getInvoiceSettings(targetId ?? 0),
    enabled: targetId !== null,
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });

  const loadTherapistValues = useEffectEvent((data: NonNullable<typeof settings.data>) =>
    therapistForm.load(toTherapistSettingsValues(data)),
  );
  useEffect(() => {
    if (settings.data) loadTherapistValues(settings.data);
  }, [settings.data]);

  const settingsError = settings.error;
  useEffect(() => {
    if (settingsError) handleApiError('default', settingsError);
  }, [settingsError]);

  const showTherapistForm = targetId !== null && settings.data !== undefined;
  const [isSaving, setSaving] = useState(false);

  const saveAll = async () => {
    const customerInput = canEditCustomer ? customerForm.prepare() : undefined;
    const therapistInput = showTherapistForm ? therapistForm.prepare() : undefined;
    if (customerInput === null || therapistInput === null) return;
    setSaving(true);
    try {
      if (customerInput) {
        try {
          const updated = await updateCustomer(customer.id, customerInput.changes, customerInput.logo);
          queryClient.setQueryData(customerKeys.detail(updated.id), updated);
        } catch (error) {
          customerForm.showErrors(handleApiError('customerUpdate', error));
          return;
        }
      }
      if (therapistInput && targetId !== null) {
        try {
          await saveInvoiceSettings(targetId, therapistInput);
        } catch (error) {
          therapistForm.showErrors(handleApiError('invoiceSettings', error));
          return;
        }
      }
      notifySuccess('common.updateSuccess');
      void queryClient.invalidateQueries({ queryKey: customerKeys.all });
      await reloadCurrentUser().catch(() => null);
      onDone();
    } finally {
      setSaving(false);
    }
  };

  let therapistSection: ReactNode = null;
  if (isTherapist || isAssistant) {
    let body: ReactNode;
    if (isAssistant && !choice.isPending && choice.therapists.length === 0) {
      body = <Alert color="gray">{t('therapistSettings.noTherapists')}</Alert>;
    } else if (showTherapistForm) {
      body = <TherapistSettingsFields state={therapistForm} disabled={settings.isFetching} />;
    } else if (settings.isError) {
      body = <Alert color="red">{t('therapistSettings.loadFailed')}</Alert>;
    } else {
      body = <PageLoader />;
    }
    therapistSection = (
      <Stack gap="sm" component="section">
        <Title order={2} size="h4">
          {isAssistant ? t('therapistSettings.titleForTherapist') : t('therapistSettings.title')}
        </Title>
        {isAssistant && choice.therapists.length > 0 && (
          <Select
            label={t('therapistSettings.therapist')}
            data={choice.therapists.map((therapist) => ({
              value: String(therapist.id),
              label: therapistName(therapist),
            }))}
            value={targetId === null ? null : String(targetId)}
            onChange={(value) => value && setChosenId(Number(value))}
            allowDeselect={false}
            maw={360}
          />
        )}
        {body}
      </Stack>
    );
  }

  return (
    <Stack gap="xl">
      <form
        noValidate
        aria-label={t('invoiceSettings.title')}
        onSubmit={(event) => {
          event.preventDefault();
          void saveAll();
        }}
      >
        <Stack gap="xl">
          <InvoiceSettingsFields state={customerForm} canEdit={canEditCustomer} isAdmin={isAdmin} />
          {therapistSection && (
            <>
              <Divider />
              {therapistSection}
            </>
          )}
          <Group gap="sm">
            <Button type="submit" loading={isSaving}>
              {t('common.save')}
            </Button>
            <Button variant="default" onClick={onDone} disabled={isSaving}>
              {t('common.cancel')}
            </Button>
          </Group>
        </Stack>
      </form>
      {isOwner && (
        <>
          <Divider />
          {/* The plan's own invoices stay on the upgrade page, which the sidebar offers only during the trial. */}
          <Anchor component={Link} to={paths.upgrade} data-testid="plan-invoices-link">
            {t('upgrade.invoices')}
          </Anchor>
          <AccountDeactivation customerId={customer.id} />
        </>
      )}
    </Stack>
  );
}

/**
 * Invoice settings of the current practice (spec foundations §2 Customer detail): the practice's settings, for
 * therapists and assistants also a therapist's own settings and billing approval; one save for everything.
 */
export function CustomerDetailPage() {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const customerId = user?.customerId ?? null;
  const goBack = useGoBack(paths.main);
  const query = useEditableCustomer(customerId, goBack);

  let content: ReactNode;
  if (!user || customerId === null) {
    content = <Alert color="gray">{t('invoiceSettings.noPractice')}</Alert>;
  } else if (!query.data) {
    content = <PageLoader />;
  } else {
    content = <CustomerDetail key={query.data.id} customer={query.data} user={user} onDone={goBack} />;
  }

  return (
    <Paper p={{ base: 'md', xs: 'xl' }} maw={900}>
      <PageTitle>{t('invoiceSettings.title')}</PageTitle>
      {content}
    </Paper>
  );
}
