import { Navigate } from 'react-router';
import type { FeatureRoutes } from '../../app/feature';
import type { GuardRule } from '../../app/guard-decision';
import { lazyPage } from '../../app/lazy-page';
import { paths } from '../../app/paths';
import { typePaths } from './navigation';

/** Spec appointments §2: the appointment-types permission; on failure the 404 page. */
const rule = (privilege: 'read' | 'create' | 'edit'): GuardRule => ({
  permission: ['appointmentType', privilege],
  deniedTo: paths.notFound,
});
const loadList = () => import('./type-list-page').then((module) => module.TypeListPage);
const loadForm = () => import('./type-form-page').then((module) => module.TypeFormPage);

export const appointmentTypeRoutes: FeatureRoutes = {
  shellRoutes: [
    { path: typePaths.list, ...lazyPage(loadList, rule('read')) },
    { path: typePaths.create, ...lazyPage(loadForm, rule('create')) },
    { path: typePaths.editPattern, ...lazyPage(loadForm, rule('edit')) },
    // Spec §2: the edit route without an id goes back (to the list).
    { path: '/appointment/types/edit', element: <Navigate to={typePaths.list} replace /> },
  ],
};
