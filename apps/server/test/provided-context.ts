/** Values the global setups hand to test files through vitest's provide/inject. */
declare module 'vitest' {
  export interface ProvidedContext {
    databaseKind: 'pglite' | 'postgres';
    /** PGlite: a migrated data dir dump (tar) every test file loads into its own instance. */
    pgliteDumpPath: string;
    /** PostgreSQL: admin URL and the migrated template database each file copies. */
    postgresAdminUrl: string;
    postgresTemplateDb: string;
    /** The server and its operator CLI bundled for the processes tests start (server-bundle.ts). */
    serverBundleDir: string;
  }
}

export {};
