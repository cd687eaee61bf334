import { Anchor, Button, Checkbox, Group, PasswordInput, SimpleGrid, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { PROCESSING_AGREEMENT_PDF_PATH, registerTherapistSchema, TERMS_PDF_PATH } from '@praxia/shared';
import { useMutation } from '@tanstack/react-query';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthCard } from '../../app/auth-card';
import { paths } from '../../app/paths';
import { formDefaults } from '../../lib/form';
import { isLanguage } from '../../lib/i18n';
import { handleApiError } from '../../lib/notify';
import { registerTherapist } from './api';
import { PasswordRulesChecklist } from './password-rules-checklist';
import { emptyRegisterValues, PersonFields, PracticeFields, type RegisterValues } from './register-form-fields';

/** The same card whether the address was free or already had an account (the mail tells which). */
function RegisterSuccess({ email }: { email: string }) {
  const { t } = useTranslation();
  return (
    <AuthCard title={t('register.successTitle')}>
      <Text data-testid="register-success">{t('register.successText', { email })}</Text>
      <Button component={Link} to={paths.login}>
        {t('register.toLogin')}
      </Button>
    </AuthCard>
  );
}

/** Registration of a therapist together with a new practice, which starts a 14-day trial. */
export function RegisterPage() {
  const { t, i18n } = useTranslation();
  const form = useForm<RegisterValues>({
    ...formDefaults,
    initialValues: emptyRegisterValues,
    validate: zod4Resolver(registerTherapistSchema),
  });

  const register = useMutation({
    mutationFn: registerTherapist,
    onError: (error) => {
      const outcome = handleApiError('register', error);
      form.setErrors(outcome.fieldErrors);
    },
  });

  if (register.isSuccess) return <RegisterSuccess email={register.variables.email} />;

  const onSubmit = form.onSubmit((values) => {
    const language = isLanguage(i18n.language) ? i18n.language : 'de';
    register.mutate(registerTherapistSchema.parse({ ...values, language }));
  });

  return (
    <AuthCard title={t('register.title')} intro={t('register.intro')} maxWidth={760}>
      <form noValidate onSubmit={onSubmit}>
        <Stack gap="md">
          <PersonFields form={form} />
          <PracticeFields form={form} />
          <PasswordRulesChecklist password={form.values.password} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <PasswordInput
              label={t('register.password')}
              required
              autoComplete="new-password"
              {...form.getInputProps('password')}
            />
            <PasswordInput
              label={t('register.passwordConfirm')}
              required
              autoComplete="new-password"
              {...form.getInputProps('passwordConfirm')}
            />
          </SimpleGrid>
          <Checkbox label={t('register.terms')} {...form.getInputProps('terms', { type: 'checkbox' })} />
          <Group gap="md">
            <Anchor href={PROCESSING_AGREEMENT_PDF_PATH} target="_blank" rel="noopener" size="sm">
              {t('register.viewProcessingAgreement')}
            </Anchor>
            <Anchor href={TERMS_PDF_PATH} target="_blank" rel="noopener" size="sm">
              {t('register.viewTerms')}
            </Anchor>
          </Group>
          <Button type="submit" loading={register.isPending}>
            {t('register.submit')}
          </Button>
          <Anchor component={Link} to={paths.login} size="sm" ta="center">
            {t('register.toLogin')}
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
