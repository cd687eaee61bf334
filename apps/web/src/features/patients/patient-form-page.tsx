import { Button, Group, Paper, Skeleton, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { can } from '@praxia/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { paths } from '../../app/paths';
import { useGoBack } from '../../app/use-go-back';
import { ApiError } from '../../lib/api-client';
import { formDefaults } from '../../lib/form';
import { handleApiError, notifyError, notifySuccess } from '../../lib/notify';
import { queryClient } from '../../lib/query-client';
import { safeRedirect } from '../../lib/safe-redirect';
import { useCurrentUser } from '../auth/session';
import { PageTitle } from '../common/page-title';
import { useSelectedTherapist } from '../customers/use-selected-therapist';
import { medicalHistoryPath } from '../medical-history/navigation';
import { userListKeys } from '../user-list/api';
import {
  createPatientRecord,
  getPatient,
  listPatientDiagnoses,
  listPatientFees,
  patientKeys,
  savePatientRecord,
} from './api';
import { DiagnosesCard } from './diagnoses-card';
import { FeeDefaultsCard } from './fee-defaults-card';
import { type FeeRow, type FeeRowErrors, feeRowErrors, toFeePayload, toFeeRows } from './fee-rows';
import { PatientFields } from './patient-fields';
import {
  agreedFactorOf,
  type DiagnosisRow,
  emptyPatientValues,
  type PatientFormValues,
  placeSaveErrors,
  toDiagnosisPayload,
  toDiagnosisRows,
  toPatientPayload,
  toPatientValues,
} from './patient-form-values';
import { patientValidators } from './patient-validation';

/** The patient form, create (/user/create?isPatient=true) and edit (/user/edit/:id for a patient), spec people §2, §4, §5. */
export function PatientFormPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const goBack = useGoBack(paths.userPatientList);
  const redirectTo = safeRedirect(useSearchParams()[0].get('redirectTo'));
  const { id } = useParams();
  const patientId = id ? Number(id) : null;
  const isEdit = patientId !== null;
  const { user } = useCurrentUser();
  const roles = user?.roles ?? 0;
  const hasDiagnoses = can(roles, 'diagnosis', 'read');
  const actsForTherapist = can(roles, 'appointmentOthers', 'read');
  const selected = useSelectedTherapist(user?.customerId ?? null, actsForTherapist);
  const therapistId = actsForTherapist ? selected.selectedId : (user?.id ?? null);
  const practices = user?.customers ?? [];

  const form = useForm<PatientFormValues>({
    ...formDefaults,
    initialValues: emptyPatientValues(practices.length === 1 ? (practices[0]?.id ?? null) : null),
    validate: patientValidators(isEdit),
  });
  const [diagnoses, setDiagnoses] = useState<DiagnosisRow[]>([]);
  const [defaultKey, setDefaultKey] = useState<string | null>(null);
  const [diagnosisError, setDiagnosisError] = useState<string | null>(null);
  const [fees, setFees] = useState<FeeRow[]>([]);
  const [feeErrors, setFeeErrors] = useState<FeeRowErrors>({});
  const [feeListError, setFeeListError] = useState<string | null>(null);

  const record = useQuery({
    queryKey: patientKeys.record(patientId ?? 0),
    queryFn: async () => {
      const patient = await getPatient(patientId ?? 0, therapistId ?? user?.id ?? 0);
      const [diagnosisList, feeList] = await Promise.all([
        hasDiagnoses ? listPatientDiagnoses(patient.id) : Promise.resolve([]),
        listPatientFees(patient.id),
      ]);
      return { patient, diagnosisList, feeList };
    },
    enabled: isEdit && user !== null,
    retry: false,
  });

  // The form starts from the stored record once it arrives (and again only if the record itself changes).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form object is stable; only a new record resets it.
  useEffect(() => {
    if (!record.data) return;
    const { patient, diagnosisList, feeList } = record.data;
    form.setValues(toPatientValues(patient));
    form.resetDirty(toPatientValues(patient));
    const rows = toDiagnosisRows(diagnosisList);
    setDiagnoses(rows);
    setDefaultKey(rows.find((row) => row.id === patient.defaultUserDiagnosisId)?.key ?? null);
    setFees(toFeeRows(feeList));
  }, [record.data]);

  // A changed row's messages go: they were about what it held before.
  const changeFees = (rows: FeeRow[]) => {
    const kept = new Set(rows.filter((row) => fees.includes(row)).map((row) => row.key));
    setFees(rows);
    setFeeErrors((errors) => Object.fromEntries(Object.entries(errors).filter(([key]) => kept.has(key))));
    setFeeListError(null);
  };

  const save = useMutation({
    mutationFn: (values: PatientFormValues) => {
      const lists = {
        feeDefaults: toFeePayload(fees),
        diagnoses: hasDiagnoses ? toDiagnosisPayload(diagnoses, defaultKey) : [],
      };
      if (isEdit) return savePatientRecord(patientId, { patient: toPatientPayload(values, true), ...lists });
      return createPatientRecord({
        patient: { ...toPatientPayload(values, false), therapistId: therapistId ?? undefined },
        ...lists,
      });
    },
    onSuccess: () => {
      notifySuccess('patients.saved');
      void queryClient.invalidateQueries({ queryKey: userListKeys.all });
      void queryClient.invalidateQueries({ queryKey: patientKeys.all });
      if (redirectTo) void navigate(redirectTo);
      else goBack();
    },
    // Every refusal shows: at its field, its fee row or its card, and what none of them shows as the generic toast.
    onError: (error) => {
      const outcome = handleApiError('patientSave', error);
      const placed = placeSaveErrors(outcome.fieldErrors, {
        fees,
        formFields: Object.keys(form.values),
        hasDiagnoses,
      });
      form.setErrors(placed.form);
      setFeeErrors(placed.feeRows);
      setFeeListError(placed.feeList);
      if (placed.diagnoses) setDiagnosisError(placed.diagnoses);
      if (placed.unplaced.length > 0 && !outcome.toast) handleApiError('genericCall', error);
    },
  });

  /** The fee rows and diagnoses the save would send: true when they can go (their messages are shown otherwise). */
  const checkLists = () => {
    const rowErrors = feeRowErrors(fees, agreedFactorOf(form.values));
    setFeeErrors(rowErrors);
    // Spec people §5: with at least one diagnosis, one must be the default.
    const lacksDefault = hasDiagnoses && diagnoses.length > 0 && !diagnoses.some((row) => row.key === defaultKey);
    setDiagnosisError(lacksDefault ? 'error.defaultDiagnosisRequired' : null);
    return Object.keys(rowErrors).length === 0 && !lacksDefault;
  };

  const submit = form.onSubmit(
    (values) => {
      if (checkLists()) save.mutate(values);
    },
    () => checkLists(),
  );

  // Spec people §8: a missing patient says so with a title and goes back; other failures get the generic toast.
  useEffect(() => {
    if (!record.error) return;
    if (record.error instanceof ApiError && record.error.status === 404) {
      notifyError({ key: 'users.notFound' }, { key: 'users.notFoundTitle' });
    } else handleApiError('genericCall', record.error);
    goBack();
  }, [record.error, goBack]);

  return (
    <Paper p={{ base: 'md', xs: 'xl' }}>
      <PageTitle>{t(isEdit ? 'patients.editTitle' : 'patients.createTitle')}</PageTitle>
      {isEdit && record.isPending ? (
        <Stack gap="xs" mt="md" aria-hidden>
          {[0, 1, 2, 3].map((index) => (
            <Skeleton key={index} h={40} />
          ))}
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="lg" mt="md">
            <PatientFields
              form={form}
              isEdit={isEdit}
              practices={practices}
              sessionCount={record.data?.patient.sessioncounter ?? null}
            />
            {hasDiagnoses && (
              <DiagnosesCard
                rows={diagnoses}
                defaultKey={defaultKey}
                error={diagnosisError}
                onChange={(rows, key) => {
                  setDiagnoses(rows);
                  setDefaultKey(key);
                  setDiagnosisError(null);
                }}
              />
            )}
            <FeeDefaultsCard
              rows={fees}
              onChange={changeFees}
              errors={feeErrors}
              listError={feeListError}
              agreedFactor={agreedFactorOf(form.values)}
            />
            <Group justify="flex-end" gap="sm">
              {isEdit && can(roles, 'medicalHistory', 'read') && (
                <Button component={Link} to={medicalHistoryPath(patientId)} variant="subtle" mr="auto">
                  {t('userList.medicalHistory')}
                </Button>
              )}
              <Button variant="default" onClick={goBack} disabled={save.isPending}>
                {t('patients.cancel')}
              </Button>
              <Button type="submit" loading={save.isPending} data-testid="patient-save">
                {t('patients.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Paper>
  );
}
