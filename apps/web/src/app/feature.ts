import type { Resource } from '@praxia/shared';
import type { Icon } from '@tabler/icons-react';
import type { RouteObject } from 'react-router';

/**
 * A sidebar entry a feature contributes (spec foundations §2 Sidebar): shown to whoever may read `resource`.
 * `position` orders the entries of a group across features, as the spec lists them.
 */
export type FeatureSidebarEntry = {
  key: string;
  to: string;
  resource: Resource;
  group: 'top' | 'settings';
  position: number;
  icon: Icon;
  /** Catalogue key of the label when it lives in the feature's own section; default `nav.<key>`. */
  labelKey?: string;
  /** Linked already, but its screen arrives with a later issue: sign-in does not land there until it exists. */
  isComingLater?: boolean;
};

/** Where a feature lives in the staff app: its paths and sidebar entries (no page code, so anyone may import it). */
export type FeatureNavigation<Paths extends Record<string, string> = Record<string, string>> = {
  paths: Paths;
  sidebar: readonly FeatureSidebarEntry[];
};

/**
 * A feature's pages: public ones (no sidebar, readable signed out), framed ones (public, drawing their own frame)
 * and shell ones (sidebar, each with its guard).
 */
export type FeatureRoutes = {
  publicRoutes?: RouteObject[];
  framedRoutes?: RouteObject[];
  shellRoutes?: RouteObject[];
};
