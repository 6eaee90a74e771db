/** Every route of spec §2, typed; build links with `paths.x.getHref()`, never by hand. */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  auth: {
    login: {
      path: '/login',
      getHref: (options?: { verified?: boolean; deleted?: boolean }) =>
        options?.verified ? '/login?verified=1' : options?.deleted ? '/login?deleted=1' : '/login',
    },
    signup: { path: '/signup', getHref: () => '/signup' },
    resetPassword: { path: '/reset-password', getHref: () => '/reset-password' },
  },
  payment: {
    success: { path: '/success', getHref: () => '/success' },
    failed: { path: '/failed-payment', getHref: () => '/failed-payment' },
  },
  app: {
    dashboard: { path: '/dashboard', getHref: () => '/dashboard' },
    profile: { path: '/profile', getHref: () => '/profile' },
    generationHistory: { path: '/history/generations', getHref: () => '/history/generations' },
    creditHistory: { path: '/history/credits', getHref: () => '/history/credits' },
    subscription: { path: '/subscription', getHref: () => '/subscription' },
  },
} as const;
