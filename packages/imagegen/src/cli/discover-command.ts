import { BackendConfigError } from '../errors';
import { discoverServer } from './discover-server';
import { DISCOVERED_CREDENTIALS, discoveredEntries } from './discovered-entries';

/**
 * `discover <url> [--user U --password P]`: prints the server's checkpoints as catalog entries.
 * The JSON goes alone to `log` (stdout) so it can be piped; notes go to `note` (stderr).
 */
export async function runDiscover(
  url: string | undefined,
  credentials: { user?: string; password?: string },
  log: (line: string) => void,
  note: (line: string) => void,
): Promise<number> {
  if (!url) throw new Error('discover needs the server URL, e.g. http://127.0.0.1:8188');
  const auth =
    credentials.user !== undefined
      ? { username: credentials.user, password: credentials.password ?? '' }
      : undefined;
  let server;
  try {
    server = await discoverServer(url, auth);
  } catch (error) {
    if (error instanceof BackendConfigError && !auth)
      throw new Error(`${error.message} Pass --user and --password (A1111's --api-auth).`);
    throw error;
  }
  const label = server.backend === 'comfyui' ? 'ComfyUI' : 'AUTOMATIC1111';
  if (server.checkpoints.length === 0) {
    note(`${label} at ${server.url} has no checkpoints installed; add one and run this again.`);
    return 1;
  }
  note(
    `${label} at ${server.url}: ${server.checkpoints.length} checkpoint(s). Paste the entries below into MODELS_FILE's "models" and adjust names, tiers, prices and licences; the steps, cfg and size are guesses from each file name.`,
  );
  if (auth && server.backend === 'a1111')
    note(
      `Set ${DISCOVERED_CREDENTIALS.usernameEnv} and ${DISCOVERED_CREDENTIALS.passwordEnv} in the server's environment (the entries name them).`,
    );
  const models = discoveredEntries(server, {
    withCredentials: !!auth && server.backend === 'a1111',
  });
  log(JSON.stringify({ models }, null, 2));
  return 0;
}
