import type { RouteObject } from 'react-router';
import { page } from './lazy-page';
import { routeTitle } from './route-handle';

/** The console's sections, nested under /admin; each a chunk of its own. */
export const consoleRoutes: RouteObject[] = [
  {
    index: true,
    ...routeTitle('Console: Overview'),
    ...page(async () => {
      const { ConsoleOverviewRoute } = await import('./routes/admin/overview');
      return <ConsoleOverviewRoute />;
    }),
  },
  {
    path: 'people',
    ...routeTitle('Console: People'),
    ...page(async () => {
      const { ConsolePeopleRoute } = await import('./routes/admin/people');
      return <ConsolePeopleRoute />;
    }),
  },
  {
    path: 'people/:userId',
    ...routeTitle('Console: Person'),
    ...page(async () => {
      const { ConsolePersonRoute } = await import('./routes/admin/person');
      return <ConsolePersonRoute />;
    }),
  },
  {
    path: 'moderation',
    ...routeTitle('Console: Moderation'),
    ...page(async () => {
      const { ConsoleModerationRoute } = await import('./routes/admin/moderation');
      return <ConsoleModerationRoute />;
    }),
  },
  {
    path: 'payments',
    ...routeTitle('Console: Payments'),
    ...page(async () => {
      const { ConsolePaymentsRoute } = await import('./routes/admin/payments');
      return <ConsolePaymentsRoute />;
    }),
  },
  {
    path: 'models',
    ...routeTitle('Console: Models'),
    ...page(async () => {
      const { ConsoleModelsRoute } = await import('./routes/admin/models');
      return <ConsoleModelsRoute />;
    }),
  },
  {
    path: 'settings',
    ...routeTitle('Console: Settings'),
    ...page(async () => {
      const { ConsoleSettingsRoute } = await import('./routes/admin/settings');
      return <ConsoleSettingsRoute />;
    }),
  },
  {
    path: 'audit',
    ...routeTitle('Console: Audit log'),
    ...page(async () => {
      const { ConsoleAuditRoute } = await import('./routes/admin/audit');
      return <ConsoleAuditRoute />;
    }),
  },
  {
    path: '*',
    ...routeTitle('Page not found'),
    ...page(async () => {
      const { NotFoundRoute } = await import('./routes/not-found');
      return <NotFoundRoute />;
    }),
  },
];
