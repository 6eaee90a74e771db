import type { RouteObject } from 'react-router';
import { page } from './lazy-page';

/** The console's sections, nested under /admin; each a chunk of its own. */
export const consoleRoutes: RouteObject[] = [
  {
    index: true,
    ...page(async () => {
      const { ConsoleOverviewRoute } = await import('./routes/admin/overview');
      return <ConsoleOverviewRoute />;
    }),
  },
  {
    path: 'people',
    ...page(async () => {
      const { ConsolePeopleRoute } = await import('./routes/admin/people');
      return <ConsolePeopleRoute />;
    }),
  },
  {
    path: 'people/:userId',
    ...page(async () => {
      const { ConsolePersonRoute } = await import('./routes/admin/person');
      return <ConsolePersonRoute />;
    }),
  },
  {
    path: 'moderation',
    ...page(async () => {
      const { ConsoleModerationRoute } = await import('./routes/admin/moderation');
      return <ConsoleModerationRoute />;
    }),
  },
  {
    path: 'payments',
    ...page(async () => {
      const { ConsolePaymentsRoute } = await import('./routes/admin/payments');
      return <ConsolePaymentsRoute />;
    }),
  },
  {
    path: 'models',
    ...page(async () => {
      const { ConsoleModelsRoute } = await import('./routes/admin/models');
      return <ConsoleModelsRoute />;
    }),
  },
  {
    path: 'settings',
    ...page(async () => {
      const { ConsoleSettingsRoute } = await import('./routes/admin/settings');
      return <ConsoleSettingsRoute />;
    }),
  },
  {
    path: 'audit',
    ...page(async () => {
      const { ConsoleAuditRoute } = await import('./routes/admin/audit');
      return <ConsoleAuditRoute />;
    }),
  },
  {
    path: '*',
    ...page(async () => {
      const { NotFoundRoute } = await import('./routes/not-found');
      return <NotFoundRoute />;
    }),
  },
];
