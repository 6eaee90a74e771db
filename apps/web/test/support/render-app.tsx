import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProvider } from '../../src/app/provider';
import { appRoutes } from '../../src/app/router';
import { createQueryClient } from '../../src/lib/query-client';

/** Mounts the real route tree at `path` with a fresh cache, exactly as the app does. */
export function renderApp(path: string) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const queryClient = createQueryClient();
  const user = userEvent.setup();
  const view = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router, queryClient, user };
}
