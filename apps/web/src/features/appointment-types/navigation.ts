/** The appointment type screens (spec appointments §2); the sidebar entry lives in ../appointments/navigation. */
export const typePaths = {
  list: '/appointment/types',
  create: '/appointment/types/create',
  editPattern: '/appointment/types/edit/:id',
  edit: (id: number) => `/appointment/types/edit/${id}`,
} as const;
