import { Divider, Skeleton, Stack, Title } from '@mantine/core';
import type { Customer } from '@praxia/shared';
import { useEffect, useRef } from 'react';
import { handleApiError } from '../../lib/notify';
import { updateCustomer } from '../customers/api';
import {
  InvoiceSettingsFields,
  type InvoiceSettingsForm,
  useInvoiceSettingsForm,
} from '../customers/invoice-settings-form';
import { useEditableCustomer } from '../customers/use-editable-customer';

/** The practice forms shown beside a user form, by practice id; the editor validates and saves them together. */
export function usePracticeForms() {
  const forms = useRef(new Map<number, InvoiceSettingsForm>());
  return {
    register(id: number, state: InvoiceSettingsForm | null) {
      if (state) forms.current.set(id, state);
      else forms.current.delete(id);
    },
    /** Validates every form; the saves to make, or null while one is invalid (people §2: save only if all are valid). */
    prepare(): PracticeSave[] | null {
      const saves: PracticeSave[] = [];
      for (const state of forms.current.values()) {
        const input = state.prepare();
        if (!input) return null;
        saves.push({ state, ...input });
      }
      return saves;
    },
  };
}

export type PracticeForms = ReturnType<typeof usePracticeForms>;

export type PracticeSave = { state: InvoiceSettingsForm } & NonNullable<ReturnType<InvoiceSettingsForm['prepare']>>;

/** Saves one practice; a refusal shows under that practice's fields, toasts, and is handed on. */
export async function savePractice({ state, changes, logo }: PracticeSave): Promise<Customer> {
  try {
    return await updateCustomer(state.customer.id, changes, logo);
  } catch (error) {
    state.showErrors(handleApiError('customerUpdate', error));
    throw error;
  }
}

type FormProps = { customer: Customer; isAdmin: boolean; forms: PracticeForms };

function PracticeForm({ customer, isAdmin, forms }: FormProps) {
  const state = useInvoiceSettingsForm(customer, isAdmin);
  useEffect(() => {
    forms.register(customer.id, state);
    return () => forms.register(customer.id, null);
  }, [forms, customer.id, state]);
  return <InvoiceSettingsFields state={state} canEdit isAdmin={isAdmin} />;
}

type SectionProps = { practiceId: number; isAdmin: boolean; forms: PracticeForms };

const stay = () => undefined;

/**
 * One practice of the edited user (people §2 edit profile: "one customer form per practice of the user"); a practice
 * that cannot be loaded is told by its toast and left out, the user form stays usable.
 */
export function PracticeSection({ practiceId, isAdmin, forms }: SectionProps) {
  const query = useEditableCustomer(practiceId, stay);
  if (query.isError) return null;
  return (
    <Stack gap="md" component="section" aria-label={query.data?.name}>
      <Divider />
      <Title order={2} size="h3">
        {query.data?.name}
      </Title>
      {query.data ? (
        <PracticeForm key={query.data.id} customer={query.data} isAdmin={isAdmin} forms={forms} />
      ) : (
        <Skeleton height={240} />
      )}
    </Stack>
  );
}
