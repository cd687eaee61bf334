import { type AppConfig, configResponseSchema, VERSION_POLL_INTERVAL_MS, versionResponseSchema } from '@praxia/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api-client';
import { isLanguage } from '../../lib/i18n';

export const CLIENT_VERSION = __APP_VERSION__;

export type DevMail = {
  id: number;
  recipient: string;
  subject: string;
  textBody: string;
  htmlBody: string;
  state: string;
  createdAt: string;
};

// Background calls leave the session cookie at home so they do not count as user activity (see api-client).
const checkVersion = () =>
  api.post('/version/v1', { version: CLIENT_VERSION }, { parser: versionResponseSchema, credentials: 'omit' });

const loadConfig = (language: string) =>
  api.post('/common/config', { language }, { parser: configResponseSchema, credentials: 'omit' });

export const listDevMails = () => api.get<{ list: DevMail[] }>('/dev/mail', { credentials: 'omit' });

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
