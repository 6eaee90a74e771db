/** The part of better-auth's internal adapter (ctx.context.internalAdapter) used here. */
interface SessionStore {
  listSessions(userId: string): Promise<{ token: string }[]>;
  deleteSessions(tokens: string[]): Promise<unknown>;
}

/**
 * A password change ends every other session of the person: whoever knew the old password may be
 * signed in elsewhere. The session that made the change stays. better-auth's own
 * `revokeOtherSessions: true` would also replace the caller's session (and so end its tokens and
 * sockets), so the before hook turns it off and this runs for every change instead.
 */
export async function endOtherSessions(
  store: SessionStore,
  current: { userId: string; token: string },
): Promise<void> {
  const sessions = await store.listSessions(current.userId);
  const others = sessions.map((each) => each.token).filter((token) => token !== current.token);
  if (others.length > 0) await store.deleteSessions(others);
}
