import { Group, Pagination, Select, Text } from '@mantine/core';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@praxia/shared';
import { useTranslation } from 'react-i18next';

type PageProps = { page: number; pages: number; onPageChange: (page: number) => void };

/** The pager of a list, with every control named for screen readers; nothing when everything fits on one page. */
export function LabelledPagination({ page, pages, onPageChange }: PageProps) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  return (
    <Pagination
      total={pages}
      value={page}
      onChange={onPageChange}
      size="sm"
      aria-label={t('pager.pagination')}
      getControlProps={(control) => ({ 'aria-label': t(`pager.pageControl.${control}`) })}
      getItemProps={(item) => ({ 'aria-label': t('pager.pageNumber', { page: item }) })}
    />
  );
}

/** Below a paged table: rows per page and the count on the left, the pager on the right. */
export function ListFooter({
  limit,
  onLimitChange,
  totalText,
  ...pageProps
}: PageProps & { limit: number; onLimitChange: (limit: number) => void; totalText: string }) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" mt="md" gap="sm">
      <Group gap="xs" align="center">
        <Select
          label={t('pager.pageSize')}
          data={PAGE_SIZES.map((size) => ({ value: String(size), label: String(size) }))}
          value={String(limit)}
          onChange={(value) => onLimitChange(Number(value ?? DEFAULT_PAGE_SIZE))}
          allowDeselect={false}
          size="xs"
          w={110}
        />
        <Text size="sm" c="dimmed" mt={22}>
          {totalText}
        </Text>
      </Group>
      <LabelledPagination {...pageProps} />
    </Group>
  );
}
