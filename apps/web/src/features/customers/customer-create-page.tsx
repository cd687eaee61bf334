import { Button, Group, Paper, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { customerCreateSchema } from '@praxia/shared';
import { useMutation } from '@tanstack/react-query';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../app/paths';
import { formDefaults } from '../../lib/form';
import { isLanguage } from '../../lib/i18n';
import { handleApiError, notifySuccess } from '../../lib/notify';
import { queryClient } from '../../lib/query-client';
import { PageTitle } from '../common/page-title';
import { createCustomer, customerKeys } from './api';

type CreateValues = { name: string; street: string; postalCode: string; city: string };

/** A new practice (spec foundations §2 Customer create): name and address; admins only. */
export function CustomerCreatePage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const form = useForm<CreateValues>({
    ...formDefaults,
    initialValues: { name: '', street: '', postalCode: '', city: '' },
    validate: zod4Resolver(customerCreateSchema),
  });

  const create = useMutation({
    mutationFn: createCustomer,
    onSuccess: (customer) => {
      notifySuccess('customers.createSuccess', { name: customer.name });
      void queryClient.invalidateQueries({ queryKey: customerKeys.all });
      void navigate(paths.customerList);
    },
    onError: (error) => {
      const outcome = handleApiError('customerUpdate', error);
      form.setErrors(outcome.fieldErrors);
    },
  });

  const onSubmit = form.onSubmit((values) => {
    const language = isLanguage(i18n.language) ? i18n.language : 'de';
    create.mutate(customerCreateSchema.parse({ ...values, language }));
  });

  return (
    <Paper p={{ base: 'md', xs: 'xl' }} maw={760}>
      <PageTitle>{t('customers.createTitle')}</PageTitle>
      <form noValidate onSubmit={onSubmit} aria-label={t('customers.createTitle')}>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label={t('customers.name')} required autoComplete="off" {...form.getInputProps('name')} />
            <TextInput label={t('customers.street')} autoComplete="off" {...form.getInputProps('street')} />
            <TextInput label={t('customers.postalCode')} autoComplete="off" {...form.getInputProps('postalCode')} />
            <TextInput label={t('customers.city')} autoComplete="off" {...form.getInputProps('city')} />
          </SimpleGrid>
          <Group gap="sm">
            <Button type="submit" loading={create.isPending}>
              {t('customers.create')}
            </Button>
            <Button variant="default" onClick={() => void navigate(paths.customerList)} disabled={create.isPending}>
              {t('common.cancel')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
