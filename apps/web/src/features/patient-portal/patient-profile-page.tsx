import { Alert, Avatar, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { PatientProfile } from '@praxia/shared';
import { IconKey, IconPencil, IconPhoto } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageLoader } from '../../app/page-loader';
import { paths } from '../../app/paths';
import { LabelledValue } from '../common/labelled-value';
import { PageTitle } from '../common/page-title';
import { wireDateToGerman } from '../patients/patient-contact-values';
import { avatarUrl } from '../users/api';
import { LanguageSetting } from '../users/language-setting';
import { getOwnProfile, ownProfileKey, saveOwnProfile } from './profile-api';

const formatPhone = (phone: string) => parsePhoneNumberFromString(phone)?.formatInternational() ?? phone;

type Address = Pick<PatientProfile, 'street' | 'postalCode' | 'city' | 'country'>;

/** The address as lines; the country by name (in the interface language) unless it is Germany. */
function addressLines({ street, postalCode, city, country }: Address, language: string): string[] {
  const place = [postalCode, city].filter(Boolean).join(' ');
  const countryName = country === 'DE' ? null : new Intl.DisplayNames([language], { type: 'region' }).of(country);
  return [street, place, street || place ? countryName : null].filter((line): line is string => Boolean(line));
}

/** /user/profile for a patient (foundations §2 profile view): their own contact data, no staff fields. */
export function PatientProfilePage() {
  const { t, i18n } = useTranslation();
  const query = useQuery({ queryKey: ownProfileKey, queryFn: getOwnProfile, retry: false });
  if (query.isError) return <Alert color="red">{t('profile.patientNotFound')}</Alert>;
  const profile = query.data;
  if (!profile) return <PageLoader />;
  const name = [profile.title, profile.firstName, profile.lastName].filter(Boolean).join(' ');
  const address = addressLines(profile, i18n.language);
  const none = <Text c="dimmed">{t('profile.noValue')}</Text>;

  return (
    <Paper p={{ base: 'md', xs: 'xl' }} maw={860}>
      <PageTitle>{t('profile.title')}</PageTitle>
      <Stack gap="lg">
        <Group gap="md" wrap="nowrap" align="center">
          <Avatar
            size={96}
            radius="xl"
            src={profile.hasAvatar ? avatarUrl(profile.id, query.dataUpdatedAt) : null}
            alt={t('avatar.alt', { name })}
          >
            {profile.firstName.charAt(0)}
            {profile.lastName.charAt(0)}
          </Avatar>
          <Title order={2} size="h3" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
            {name}
          </Title>
        </Group>
        <Group gap="sm">
          <Button component={Link} to={paths.profileEdit} leftSection={<IconPencil size={16} />}>
            {t('profile.edit')}
          </Button>
          <Button component={Link} to={paths.profileAvatar} variant="default" leftSection={<IconPhoto size={16} />}>
            {t('users.avatar')}
          </Button>
          <Button component={Link} to={paths.changePassword} variant="default" leftSection={<IconKey size={16} />}>
            {t('profile.changePassword')}
          </Button>
        </Group>
        <LanguageSetting language={profile.language} store={(language) => saveOwnProfile({ language })} />
        <LabelledValue label={t('profile.email')}>
          <Text style={{ overflowWrap: 'anywhere' }}>{profile.email}</Text>
        </LabelledValue>
        <LabelledValue label={t('profile.phone')}>
          {profile.phone ? <Text>{formatPhone(profile.phone)}</Text> : none}
        </LabelledValue>
        <LabelledValue label={t('profile.birthday')}>
          {profile.birthday ? <Text>{wireDateToGerman(profile.birthday)}</Text> : none}
        </LabelledValue>
        <LabelledValue label={t('profile.address')}>
          {address.length ? (
            <Text style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{address.join('\n')}</Text>
          ) : (
            none
          )}
        </LabelledValue>
        {(profile.careOf || profile.invoiceAddress) && (
          <LabelledValue label={t('profile.invoiceAddress')}>
            <Text style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
              {[profile.careOf ? `${t('patients.careOf')} ${profile.careOf}` : '', profile.invoiceAddress ?? '']
                .filter(Boolean)
                .join('\n')}
            </Text>
          </LabelledValue>
        )}
      </Stack>
    </Paper>
  );
}
