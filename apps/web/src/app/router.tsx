import type { RouteObject } from 'react-router';
import { paths } from '../config/paths';
import { ProtectedRoute } from '../features/auth/components/protected-route';
import { PublicOnlyRoute } from '../features/auth/components/public-only-route';
import { CenteredLayout } from './layouts/centered-layout';
import { InitialLoadFallback } from './layouts/initial-load-fallback';
import { PublicLayout } from './layouts/public-layout';
import { consoleRoutes } from './console-routes';
import { page } from './lazy-page';
import { routeTitle } from './route-handle';
import { RouteTitle } from './route-title';
import { RouteErrorFallback } from './routes/route-error';

/** Every route of spec §2 (same list as `@nocturne/contract/app-routes`), plus not-found. */
export const appRoutes: RouteObject[] = [
  {
    errorElement: <RouteErrorFallback />,
    hydrateFallbackElement: <InitialLoadFallback />,
    children: [
      {
        // The title sits beside the layout: the landing's prerender renders it without a data router.
        element: (
          <>
            <RouteTitle />
            <PublicLayout />
          </>
        ),
        children: [
          {
            path: paths.home.path,
            ...page(async () => {
              const { LandingRoute } = await import('./routes/landing');
              return (
                <PublicOnlyRoute>
                  <LandingRoute />
                </PublicOnlyRoute>
              );
            }),
          },
        ],
      },
      {
        element: (
          <>
            <RouteTitle />
            <PublicLayout knowsSession />
          </>
        ),
        children: [
          {
            path: '*',
            ...routeTitle('Page not found'),
            ...page(async () => {
              const { NotFoundRoute } = await import('./routes/not-found');
              return <NotFoundRoute />;
            }),
          },
        ],
      },
      {
        element: <CenteredLayout />,
        children: [
          {
            path: paths.auth.login.path,
            ...routeTitle('Sign In'),
            ...page(async () => {
              const { LoginRoute } = await import('./routes/login');
              return (
                <PublicOnlyRoute waitForAuth>
                  <LoginRoute />
                </PublicOnlyRoute>
              );
            }),
          },
          {
            path: paths.auth.signup.path,
            ...routeTitle('Create Account'),
            ...page(async () => {
              const { SignupRoute } = await import('./routes/signup');
              return (
                <PublicOnlyRoute waitForAuth>
                  <SignupRoute />
                </PublicOnlyRoute>
              );
            }),
          },
          {
            path: paths.payment.success.path,
            ...routeTitle('Payment Successful'),
            ...page(async () => {
              const { SuccessRoute } = await import('./routes/success');
              return <SuccessRoute />;
            }),
          },
          {
            path: paths.payment.failed.path,
            ...routeTitle('Payment Failed'),
            ...page(async () => {
              const { FailedPaymentRoute } = await import('./routes/failed-payment');
              return <FailedPaymentRoute />;
            }),
          },
          // Reachable signed in too: someone may reset from a mail while another tab is open.
          {
            path: paths.auth.resetPassword.path,
            ...routeTitle('Reset Password'),
            ...page(async () => {
              const { ResetPasswordRoute } = await import('./routes/reset-password');
              return <ResetPasswordRoute />;
            }),
          },
        ],
      },
      {
        // The signed-in shell (credits, realtime, account menu) is a chunk of its own too.
        ...page(async () => {
          const { AppLayout } = await import('./layouts/app-layout');
          return (
            <ProtectedRoute>
              <AppLayout />
            </ProtectedRoute>
          );
        }),
        children: [
          {
            path: paths.app.dashboard.path,
            ...routeTitle('Your Gallery'),
            ...page(async () => {
              const { DashboardRoute } = await import('./routes/app/dashboard');
              return <DashboardRoute />;
            }),
          },
          {
            path: paths.app.profile.path,
            ...routeTitle('Account Profile'),
            ...page(async () => {
              const { ProfileRoute } = await import('./routes/app/profile');
              return <ProfileRoute />;
            }),
          },
          {
            path: paths.app.generationHistory.path,
            ...routeTitle('Generation History'),
            ...page(async () => {
              const { GenerationHistoryRoute } = await import('./routes/app/generation-history');
              return <GenerationHistoryRoute />;
            }),
          },
          {
            path: paths.app.creditHistory.path,
            ...routeTitle('Credit History'),
            ...page(async () => {
              const { CreditHistoryRoute } = await import('./routes/app/credit-history');
              return <CreditHistoryRoute />;
            }),
          },
          {
            path: paths.app.subscription.path,
            ...routeTitle('Subscription'),
            ...page(async () => {
              const { SubscriptionRoute } = await import('./routes/app/subscription');
              return <SubscriptionRoute />;
            }),
          },
        ],
      },
      {
        // The operator's console: a shell and pages of its own, never in the app's first load.
        path: paths.admin.overview.path,
        ...page(async () => {
          const { ConsoleLayout } = await import('./layouts/console-layout');
          return (
            <ProtectedRoute>
              <ConsoleLayout />
            </ProtectedRoute>
          );
        }),
        children: consoleRoutes,
      },
    ],
  },
];
