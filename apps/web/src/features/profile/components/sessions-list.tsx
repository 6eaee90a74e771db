import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { accountErrorMessage } from '../api/auth-call';
import { useSessions } from '../api/list-sessions';
import { useRevokeOtherSessions } from '../api/revoke-other-sessions';
import { describeUserAgent } from '../utils/describe-user-agent';
import { SectionCard } from '../../../components/ui/section-card';
import { ProfileNotice } from './profile-notice';

const lastActive = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Where the person is signed in, and a way to sign out everywhere else. */
export function SessionsList() {
  const sessions = useSessions();
  const revoke = useRevokeOtherSessions();
  const others = sessions.data?.filter((session) => !session.isCurrent).length ?? 0;

  return (
    <SectionCard
      id="profile-sessions"
      title="Sessions"
      description="Devices signed in to your account."
    >
      {sessions.isPending && <Spinner />}
      {sessions.isError && (
        <ProfileNotice tone="error">{accountErrorMessage(sessions.error)}</ProfileNotice>
      )}
      {sessions.data && (
        <ul aria-label="Sessions" className="divide-y divide-glass-border">
          {sessions.data.map((session) => (
            <li key={session.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
              <div>
                <p className="text-sm font-medium text-zinc-100">
                  {describeUserAgent(session.userAgent)}
                  {session.isCurrent && (
                    <span className="ml-2 rounded-full bg-accent-500/20 px-2 py-0.5 text-xs text-accent-300">
                      this device
                    </span>
                  )}
                </p>
                <p className="text-xs text-zinc-400">
                  Last active {lastActive.format(session.lastActiveAt)}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
      {revoke.isError && (
        <ProfileNotice tone="error">{accountErrorMessage(revoke.error)}</ProfileNotice>
      )}
      {others > 0 && (
        <Button
          className="mt-3"
          variant="secondary"
          loading={revoke.isPending}
          onClick={() => revoke.mutate()}
        >
          Sign out other sessions
        </Button>
      )}
    </SectionCard>
  );
}
