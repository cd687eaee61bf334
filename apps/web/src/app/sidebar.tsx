import { Box, Divider, NavLink, ScrollArea, Select, Stack } from '@mantine/core';
import { PATIENT_TERMS_PDF_PATH, PROCESSING_AGREEMENT_PDF_PATH, TERMS_PDF_PATH, type User } from '@praxia/shared';
import {
  type Icon,
  IconDownload,
  IconFileText,
  IconHelp,
  IconInfoCircle,
  IconLockOpen,
  IconLogout,
  IconSettings,
  IconShieldLock,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { therapistName } from '../features/customers/api';
import { useSelectedTherapist } from '../features/customers/use-selected-therapist';
import { type FixedSidebarKey, getSidebarModel, type SidebarLink } from './sidebar-model';

const FIXED_ICONS: Record<FixedSidebarKey, Icon> = {
  settings: IconSettings,
  upgrade: IconLockOpen,
  logout: IconLogout,
  help: IconHelp,
  terms: IconFileText,
  imprint: IconInfoCircle,
  privacy: IconShieldLock,
  processingAgreement: IconDownload,
};

function isActive(pathname: string, to: string): boolean {
  // '/customer' (invoice settings) must not light up for '/customer/upgrade'.
  return pathname === to || (to !== '/customer' && pathname.startsWith(`${to}/`));
}

function SidebarEntry({ link, pathname, indent = false }: { link: SidebarLink; pathname: string; indent?: boolean }) {
  const { t } = useTranslation();
  const Icon = link.icon ?? FIXED_ICONS[link.key as FixedSidebarKey];
  const common = {
    label: t(link.labelKey ?? `nav.${link.key}`),
    leftSection: <Icon size={18} stroke={1.6} aria-hidden />,
    'data-testid': `nav-${link.key}`,
    pl: indent ? 'lg' : undefined,
    // Long German compounds must wrap in the 200 px sidebar rather than be cut off; the catalogue marks the
    // preferred break with a soft hyphen (Rechnungs-einstellungen), anywhere is the last resort.
    styles: { label: { hyphens: 'auto', overflowWrap: 'anywhere' } },
  } as const;
  if (link.kind === 'route') {
    const active = isActive(pathname, link.to);
    return (
      <NavLink
        {...common}
        component={Link}
        to={link.to}
        // The help page opens the external help area only when reached from here (a click may open a tab).
        state={link.key === 'help' ? { openExternalHelp: true } : undefined}
        active={active}
        aria-current={active ? 'page' : undefined}
      />
    );
  }
  if (link.kind === 'page') return <NavLink {...common} component="a" href={link.to} />;
  return (
    <NavLink
      {...common}
      component="a"
      href={link.to}
      target="_blank"
      rel="noopener"
      download={link.kind === 'download' ? '' : undefined}
    />
  );
}

/** Whose appointments an assistant works on (spec foundations §2 Sidebar); the choice is the UI state's selected therapist. */
function TherapistFilter({ customerId }: { customerId: number | null }) {
  const { t } = useTranslation();
  const { therapists, selectedId, select, isPending } = useSelectedTherapist(customerId);
  return (
    <Select
      label={t('nav.therapistFilter')}
      data={therapists.map((therapist) => ({ value: String(therapist.id), label: therapistName(therapist) }))}
      value={selectedId === null ? null : String(selectedId)}
      onChange={(value) => value && select(Number(value))}
      allowDeselect={false}
      disabled={isPending || therapists.length === 0}
      size="xs"
      mb="xs"
      data-testid="nav-therapistFilter"
    />
  );
}

/** The staff app's navigation (spec foundations §2 Sidebar). */
export function Sidebar({ user }: { user: User }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const model = getSidebarModel(user, {
    terms: TERMS_PDF_PATH,
    patientTerms: PATIENT_TERMS_PDF_PATH,
    processingAgreement: PROCESSING_AGREEMENT_PDF_PATH,
  });

  return (
    <>
      <ScrollArea style={{ flex: 1 }} type="auto" component="nav" aria-label={t('nav.menu')}>
        <Stack gap={2} p="xs">
          {model.top.map((link) => (
            <SidebarEntry key={link.key} link={link} pathname={pathname} />
          ))}
          {model.settings && (
            <>
              <SidebarEntry link={model.settings.link} pathname={pathname} />
              {model.settings.children.map((link) => (
                <SidebarEntry key={link.key} link={link} pathname={pathname} indent />
              ))}
            </>
          )}
          {model.upgrade && <SidebarEntry link={model.upgrade} pathname={pathname} />}
        </Stack>
      </ScrollArea>
      <Divider />
      <Box p="xs">
        {model.showTherapistFilter && <TherapistFilter customerId={user.customerId} />}
        <Stack gap={0}>
          {model.bottom.map((link) => (
            <SidebarEntry key={link.key} link={link} pathname={pathname} />
          ))}
        </Stack>
      </Box>
    </>
  );
}
