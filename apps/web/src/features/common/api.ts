import { type AppConfig, type Language, VERSION_POLL_INTERVAL_MS } from '@praxia/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, dataOf } from '../../lib/api-client';
import { isLanguage } from '../../lib/i18n';

export const CLIENT_VERSION = __APP_VERSION__;

// Background calls leave the session cookie at home so they do not count as user activity (see api-client).
const checkVersion = () =>
  dataOf(api.POST('/api/version/v1', { body: { version: CLIENT_VERSION }, credentials: 'omit' }));

const loadConfig = (language: Language) =>
  dataOf(api.POST('/api/common/config', { body: { language }, credentials: 'omit' }));

export const listDevMails = () => dataOf(api.GET('/api/dev/mail', { credentials: 'omit' }));

export type DevMail = Awaited<ReturnType<typeof listDevMails>>['list'][number];

/** Asks the server at start-up and every 10 s whether this client is outdated. */
export function useVersionCheck() {
  return useQuery({
    queryKey: ['version', CLIENT_VERSION],
    queryFn: checkVersion,
    refetchInterval: VERSION_POLL_INTERVAL_MS,
    staleTime: 0,
    retry: false,
  });
}

/** Shared configuration (languages, page sizes, help URL, support address), loaded at start-up. */
export function useAppConfig(): AppConfig | undefined {
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : 'de';
  const query = useQuery({
    queryKey: ['config', language],
    queryFn: () => loadConfig(language),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return query.data;
}
