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
  /** The operator's console (issue 32): its own chunk, shown to operators only. */
  admin: {
    overview: { path: '/admin', getHref: () => '/admin' },
    people: { path: '/admin/people', getHref: () => '/admin/people' },
    person: {
      path: '/admin/people/:userId',
      getHref: (userId: string) => `/admin/people/${encodeURIComponent(userId)}`,
    },
    moderation: { path: '/admin/moderation', getHref: () => '/admin/moderation' },
    payments: {
      path: '/admin/payments',
      /** `grant` opens "Grant a plan by hand" for that person. */
      getHref: (options?: { grant?: string }) =>
        options?.grant
          ? `/admin/payments?grant=${encodeURIComponent(options.grant)}`
          : '/admin/payments',
    },
    models: { path: '/admin/models', getHref: () => '/admin/models' },
    settings: { path: '/admin/settings', getHref: () => '/admin/settings' },
    audit: { path: '/admin/audit', getHref: () => '/admin/audit' },
  },
} as const;
