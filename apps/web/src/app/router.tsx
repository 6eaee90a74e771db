import type { RouteObject } from 'react-router';
import { paths } from '../config/paths';
import { ProtectedRoute } from '../features/auth/components/protected-route';
import { PublicOnlyRoute } from '../features/auth/components/public-only-route';
import { AppLayout } from './layouts/app-layout';
import { CenteredLayout } from './layouts/centered-layout';
import { PublicLayout } from './layouts/public-layout';
import { CreditHistoryRoute } from './routes/app/credit-history';
import { DashboardRoute } from './routes/app/dashboard';
import { GenerationHistoryRoute } from './routes/app/generation-history';
import { ProfileRoute } from './routes/app/profile';
import { SubscriptionRoute } from './routes/app/subscription';
import { FailedPaymentRoute } from './routes/failed-payment';
import { LandingRoute } from './routes/landing';
import { LoginRoute } from './routes/login';
import { NotFoundRoute } from './routes/not-found';
import { ResetPasswordRoute } from './routes/reset-password';
import { RouteErrorFallback } from './routes/route-error';
import { SignupRoute } from './routes/signup';
import { SuccessRoute } from './routes/success';

/** Every route of spec §2 (same list as `@nocturne/contract/app-routes`), plus not-found. */
export const appRoutes: RouteObject[] = [
  {
    errorElement: <RouteErrorFallback />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          {
            path: paths.home.path,
            element: (
              <PublicOnlyRoute>
                <LandingRoute />
              </PublicOnlyRoute>
            ),
          },
          { path: '*', element: <NotFoundRoute /> },
        ],
      },
      {
        element: <CenteredLayout />,
        children: [
          {
            path: paths.auth.login.path,
            element: (
              <PublicOnlyRoute waitForAuth>
                <LoginRoute />
              </PublicOnlyRoute>
            ),
          },
          {
            path: paths.auth.signup.path,
            element: (
              <PublicOnlyRoute waitForAuth>
                <SignupRoute />
              </PublicOnlyRoute>
            ),
          },
          // Reachable signed in too: someone may reset from a mail while another tab is open.
          { path: paths.auth.resetPassword.path, element: <ResetPasswordRoute /> },
          { path: paths.payment.success.path, element: <SuccessRoute /> },
          { path: paths.payment.failed.path, element: <FailedPaymentRoute /> },
        ],
      },
      {
        element: (
          <ProtectedRoute>
            <AppLayout />
          </ProtectedRoute>
        ),
        children: [
          { path: paths.app.dashboard.path, element: <DashboardRoute /> },
          { path: paths.app.profile.path, element: <ProfileRoute /> },
          { path: paths.app.generationHistory.path, element: <GenerationHistoryRoute /> },
          { path: paths.app.creditHistory.path, element: <CreditHistoryRoute /> },
          { path: paths.app.subscription.path, element: <SubscriptionRoute /> },
        ],
      },
    ],
  },
];
