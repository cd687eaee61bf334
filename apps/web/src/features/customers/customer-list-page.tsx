import { Alert, Button, Group, Loader, Paper, Skeleton, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { customerEditPath, paths } from '../../app/paths';
import { ConfirmDialog } from '../common/confirm-dialog';
import { ListFooter } from '../common/list-pager';
import { PageTitle } from '../common/page-title';
import { TableScroll } from '../common/table-scroll';
import { useCustomerList } from './use-customer-list';

function TableSkeleton() {
  return (
    <Stack gap="xs" aria-hidden>
      {[0, 1, 2].map((index) => (
        <Skeleton key={index} h={36} />
      ))}
    </Stack>
  );
}

/** The practice list (spec foundations §2 Customer list): server-paged, with activate/deactivate and delete. */
export function CustomerListPage() {
  const { t } = useTranslation();
  const {
    navigate,
    canCreate,
    canEdit,
    canDelete,
    page,
    setPage,
    limit,
    setLimit,
    pending,
    setPending,
    busyId,
    closeDialog,
    list,
    pages,
    deactivate,
    activate,
    remove,
    run,
    rows,
  } = useCustomerList();

  let content: ReactNode;
  if (list.isPending) {
    content = <TableSkeleton />;
  } else if (list.isError) {
    content = (
      <Alert color="red" title={t('customers.loadFailed')}>
        <Button variant="light" size="xs" onClick={() => void list.refetch()}>
          {t('customers.retry')}
        </Button>
      </Alert>
    );
  } else if (rows.length === 0) {
    content = (
      <Stack gap={4} py="lg" align="center" data-testid="customer-list-empty">
        <Text fw={600}>{t('customers.empty')}</Text>
        {canCreate && (
          <Text size="sm" c="dimmed">
            {t('customers.emptyHint')}
          </Text>
        )}
      </Stack>
    );
  } else {
    content = (
      <TableScroll minWidth={520} label={t('customers.listTitle')}>
        <Table striped highlightOnHover verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={80}>{t('customers.id')}</Table.Th>
              <Table.Th>{t('customers.name')}</Table.Th>
              <Table.Th w={100}>{t('customers.activated')}</Table.Th>
              <Table.Th>{t('customers.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => {
              const isBusy = busyId === row.id;
              return (
                <Table.Tr key={row.id} data-testid={`customer-row-${row.id}`}>
                  <Table.Td>{row.id}</Table.Td>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {row.name}
                    </Text>
                    {row.city && (
                      <Text size="xs" c="dimmed">
                        {row.city}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {row.deactivated ? (
                      <VisuallyHidden>{t('customers.deactivatedLabel')}</VisuallyHidden>
                    ) : (
                      <IconCheck
                        size={20}
                        color="var(--mantine-color-teal-7)"
                        role="img"
                        aria-label={t('customers.activated')}
                        data-testid="customer-active"
                      />
                    )}
                  </Table.Td>
                  <Table.Td>
                    {canEdit && isBusy && <Loader size="xs" aria-label={t('app.loading')} />}
                    {canEdit && !isBusy && (
                      <Group gap="xs" wrap="nowrap">
                        <Button component={Link} to={customerEditPath(row.id)} variant="default" size="xs">
                          {t('customers.edit')}
                        </Button>
                        {row.deactivated ? (
                          <Button variant="light" size="xs" onClick={() => run(row, activate)}>
                            {t('customers.activate')}
                          </Button>
                        ) : (
                          <Button
                            variant="light"
                            color="orange"
                            size="xs"
                            onClick={() => setPending({ kind: 'deactivate', row, isOpen: true })}
                          >
                            {t('customers.deactivate')}
                          </Button>
                        )}
                        {canDelete && (
                          <Button
                            variant="light"
                            color="red"
                            size="xs"
                            onClick={() => setPending({ kind: 'delete', row, isOpen: true })}
                          >
                            {t('customers.delete')}
                          </Button>
                        )}
                      </Group>
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </TableScroll>
    );
  }

  return (
    <Paper p={{ base: 'md', xs: 'xl' }}>
      <Group justify="space-between" align="flex-start" mb="md" gap="sm">
        <PageTitle>{t('customers.listTitle')}</PageTitle>
        {canCreate && (
          <Button onClick={() => void navigate(paths.customerCreate)} leftSection={<IconPlus size={18} aria-hidden />}>
            {t('customers.add')}
          </Button>
        )}
      </Group>
      {content}
      {list.data && list.data.maxItems > 0 && (
        <ListFooter
          limit={limit}
          onLimitChange={(next) => {
            setLimit(next);
            setPage(1);
          }}
          totalText={t('customers.total', { count: list.data.maxItems })}
          page={page}
          pages={pages}
          onPageChange={setPage}
        />
      )}

      <ConfirmDialog
        opened={pending?.kind === 'deactivate' && pending.isOpen}
        title={t('customers.deactivateTitle')}
        confirmLabel={t('customers.deactivate')}
        onClose={closeDialog}
        onConfirm={() => pending && run(pending.row, deactivate)}
      >
        <Text size="sm">{t('customers.deactivateText', { name: pending?.row.name ?? '' })}</Text>
      </ConfirmDialog>
      <ConfirmDialog
        opened={pending?.kind === 'delete' && pending.isOpen}
        title={t('customers.deleteTitle')}
        confirmLabel={t('customers.delete')}
        isDestructive
        onClose={closeDialog}
        onConfirm={() => pending && run(pending.row, remove)}
      >
        <Text size="sm">{t('customers.deleteText', { name: pending?.row.name ?? '' })}</Text>
      </ConfirmDialog>
    </Paper>
  );
}
