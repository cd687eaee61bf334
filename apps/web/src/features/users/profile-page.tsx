import { Alert, Avatar, Button, Group, Paper, Stack, Text, Title, TypographyStylesProvider } from '@mantine/core';
import { hasRole, Role, SPOKEN_LANGUAGES, THERAPISTS } from '@praxia/shared';
import { IconCopy, IconKey, IconPencil, IconPhoto } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageLoader } from '../../app/page-loader';
import { paths } from '../../app/paths';
import { PasskeysSection } from '../auth/passkeys/passkeys-section';
import { useCurrentUser } from '../auth/session';
import { LabelledValue } from '../common/labelled-value';
import { PageTitle } from '../common/page-title';
import { TwoFactorSection } from '../two-factor/two-factor-section';
import { avatarUrl, getStaffUser, patchUser, userKeys } from './api';
import { LanguageSetting } from './language-setting';
import { copyProfileLink } from './profile-link';

/** Who sees the edit button (foundations §2 profile view): therapists, DRS therapists, owners and assistants. */
const EDITORS = Role.THERAPIST | Role.THERAPIST_DRS | Role.CUSTOMER_ADMIN | Role.SECRETARY;

/** /user/profile: the own profile (foundations §2 profile view). */
export function ProfilePage() {
  const { t, i18n } = useTranslation();
  const { user: current } = useCurrentUser();
  const query = useQuery({
    queryKey: userKeys.detail(current?.id ?? 0),
    queryFn: () => getStaffUser(current?.id ?? 0),
    enabled: Boolean(current),
  });
  const user = query.data;
  if (!user) return <PageLoader />;
  const name = [user.title, user.firstName, user.lastName].filter(Boolean).join(' ');
  const isTherapist = hasRole(user.roles, THERAPISTS);
  const isInTrial = user.customers.some((customer) => customer.trialExpiresAt !== null);
  const languages = user.languages
    .map((key) => SPOKEN_LANGUAGES.find((item) => item.key === key))
    .map((item) => (item ? (i18n.language === 'en' ? item.en : item.de) : ''))
    .filter(Boolean)
    .join(', ');
  const none = <Text c="dimmed">{t('profile.noValue')}</Text>;

  return (
    <Paper p={{ base: 'md', xs: 'xl' }} maw={860}>
      <PageTitle>{t('profile.title')}</PageTitle>
      <Stack gap="lg">
        {isTherapist && isInTrial && <Alert color="orange">{t('profile.trialNotice')}</Alert>}
        <Group gap="md" wrap="nowrap" align="center">
          <Avatar
            size={96}
            radius="xl"
            src={user.hasAvatar ? avatarUrl(user.id, query.dataUpdatedAt) : null}
            alt={t('avatar.alt', { name })}
          >
            {user.firstName.charAt(0)}
            {user.lastName.charAt(0)}
          </Avatar>
          <div style={{ minWidth: 0 }}>
            <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Title>
            {user.jobTitleType && (
              <Text>{user.jobTitleType === 'other' ? user.jobTitleFreetext : t(`jobTitle.${user.jobTitleType}`)}</Text>
            )}
          </div>
        </Group>
        <Group gap="sm">
          {hasRole(user.roles, EDITORS) && (
            <Button component={Link} to={paths.profileEdit} leftSection={<IconPencil size={16} />}>
              {t('profile.edit')}
            </Button>
          )}
          <Button component={Link} to={paths.profileAvatar} variant="default" leftSection={<IconPhoto size={16} />}>
            {t('users.avatar')}
          </Button>
          <Button component={Link} to={paths.changePassword} variant="default" leftSection={<IconKey size={16} />}>
            {t('profile.changePassword')}
          </Button>
          {hasRole(user.roles, Role.THERAPIST) &&
            user.customers.map((customer) => (
              <Button
                key={customer.id}
                variant="default"
                leftSection={<IconCopy size={16} />}
                onClick={() => void copyProfileLink(user.id, customer.id)}
              >
                {user.customers.length > 1
                  ? t('profile.copyLinkFor', { practice: customer.name })
                  : t('profile.copyLink')}
              </Button>
            ))}
        </Group>
        <LanguageSetting language={user.language} store={(language) => patchUser(user.id, { language })} />
        <LabelledValue label={t('profile.email')}>
          <Text style={{ overflowWrap: 'anywhere' }}>{user.email}</Text>
        </LabelledValue>
        <LabelledValue label={t('profile.phone')}>{user.phone ? <Text>{user.phone}</Text> : none}</LabelledValue>
        {user.website && (
          <LabelledValue label={t('profile.website')}>
            <Text style={{ overflowWrap: 'anywhere' }}>{user.website}</Text>
          </LabelledValue>
        )}
        <LabelledValue label={t('profile.languages')}>{languages ? <Text>{languages}</Text> : none}</LabelledValue>
        <LabelledValue label={t('profile.therapistProfileText')}>
          {user.therapistProfileText ? (
            <Text style={{ whiteSpace: 'pre-wrap' }}>{user.therapistProfileText}</Text>
          ) : (
            none
          )}
        </LabelledValue>
        <LabelledValue label={t('profile.billingInformation')}>
          {user.billingInformation ? <Text style={{ whiteSpace: 'pre-wrap' }}>{user.billingInformation}</Text> : none}
        </LabelledValue>
        <LabelledValue label={t('profile.vita')}>
          {user.vita ? (
            <TypographyStylesProvider>
              {/* The server stores the vita sanitised to <p>, <br>, <b>, <strong> and <u> only (security.md). */}
              {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server before it is stored */}
              <div dangerouslySetInnerHTML={{ __html: user.vita }} />
            </TypographyStylesProvider>
          ) : (
            none
          )}
        </LabelledValue>
        <PasskeysSection />
        <TwoFactorSection />
      </Stack>
    </Paper>
  );
}
