import { SegmentedControl, Text } from '@mantine/core';
import { LANGUAGES, type Language } from '@praxia/shared';
import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage, setLanguage } from '../../lib/i18n';
import { handleApiError, notifySuccess } from '../../lib/notify';
import { queryClient } from '../../lib/query-client';
import { reloadCurrentUser } from '../auth/session';
import { userKeys } from './api';

type Props = {
  language: Language;
  /** Stores the choice on the user: the staff user form's route, or the patient's own profile. */
  store: (language: Language) => Promise<{ language: Language }>;
};

/** The interface language on one's own profile: saved at once, and the screen follows. */
export function LanguageSetting({ language, store }: Props) {
  const { t } = useTranslation();
  const labelId = useId();
  const save = useMutation({
    mutationFn: store,
    onSuccess: async (saved) => {
      setLanguage(saved.language);
      await reloadCurrentUser();
      void queryClient.invalidateQueries({ queryKey: userKeys.all });
      notifySuccess('common.updateSuccess');
    },
    onError: (error) => handleApiError('userUpdate', error),
  });
  return (
    <div>
      <Text id={labelId} size="sm" c="dimmed">
        {t('language.label')}
      </Text>
      <SegmentedControl
        aria-labelledby={labelId}
        value={language}
        disabled={save.isPending}
        onChange={(next) => {
          if (isLanguage(next) && next !== language) save.mutate(next);
        }}
        data={LANGUAGES.map((value) => ({ value, label: <span lang={value}>{t(`language.${value}`)}</span> }))}
      />
      <Text size="xs" c="dimmed">
        {t('language.hint')}
      </Text>
    </div>
  );
}
