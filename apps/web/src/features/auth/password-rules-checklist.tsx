import { List, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { checkPasswordRules, type PasswordRule } from '@praxia/shared';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

const RULES: PasswordRule[] = ['minLength', 'letter', 'digit', 'special'];

/** The password rules, each ticked or crossed (shape and text, not colour alone) as the user types. */
export function PasswordRulesChecklist({ password }: { password: string }) {
  const { t } = useTranslation();
  const result = checkPasswordRules(password);
  return (
    <div>
      <Text size="sm" fw={500} mb={4} id="password-rules-title">
        {t('password.rulesTitle')}
      </Text>
      <List spacing={4} size="sm" center aria-labelledby="password-rules-title" data-testid="password-rules">
        {RULES.map((rule) => {
          const isMet = result[rule];
          return (
            <List.Item
              key={rule}
              data-rule={rule}
              data-met={isMet}
              icon={
                <ThemeIcon size={18} radius="xl" color={isMet ? 'teal' : 'gray'} variant={isMet ? 'filled' : 'light'}>
                  {isMet ? <IconCheck size={12} aria-hidden /> : <IconX size={12} aria-hidden />}
                </ThemeIcon>
              }
            >
              {t(`password.rules.${rule}`)}
              <VisuallyHidden>{` – ${t(isMet ? 'password.ruleMet' : 'password.ruleNotMet')}`}</VisuallyHidden>
            </List.Item>
          );
        })}
      </List>
    </div>
  );
}
