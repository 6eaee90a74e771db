import {
  ANNOUNCEMENT_TEXT_MAX,
  type Announcement,
  type ServiceStatus,
} from '@nocturne/contract/admin/service-settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { Input } from '../../../../components/ui/input';
import { SectionCard } from '../../../../components/ui/section-card';
import { Select } from '../../../../components/ui/select';
import { Textarea } from '../../../../components/ui/textarea';
import { cn } from '../../../../lib/cn';
import { clearAnnouncement, putAnnouncement, settingsQueryOptions } from '../api/settings-api';
import { SaveFeedback } from './save-feedback';

type Level = Announcement['level'];

/** The signed-in banner's colours per level, for the preview. */
const LEVEL_CLASSES: Record<Level, string> = {
  info: 'border-sky-400/30 bg-sky-500/10 text-sky-100',
  warning: 'border-amber-400/30 bg-amber-400/10 text-amber-100',
};

/** A `datetime-local` value (the viewer's zone) for a time. */
function localInput(time: Date): string {
  const shifted = new Date(time.getTime() - time.getTimezoneOffset() * 60_000);
  return shifted.toISOString().slice(0, 16);
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The banner above every signed-in page: text, level, end time, previewed; or cleared. */
export function AnnouncementCard({ status }: { status: ServiceStatus }) {
  const queryClient = useQueryClient();
  const current = status.announcement;
  const [text, setText] = useState(current?.text ?? '');
  const [level, setLevel] = useState<Level>(current?.level ?? 'info');
  const [endsAt, setEndsAt] = useState(() =>
    localInput(current ? new Date(current.ends_at) : new Date(Date.now() + DAY_MS)),
  );
  const [lastAction, setLastAction] = useState<'set' | 'cleared'>('set');
  const [pastEnd, setPastEnd] = useState(false);
  const onSuccess = (next: ServiceStatus) =>
    queryClient.setQueryData(settingsQueryOptions.queryKey, next);
  const save = useMutation({
    mutationFn: () => putAnnouncement({ text, level, ends_at: new Date(endsAt).toISOString() }),
    onSuccess: (next) => {
      setLastAction('set');
      onSuccess(next);
    },
  });
  const clear = useMutation({
    mutationFn: clearAnnouncement,
    onSuccess: (next) => {
      setLastAction('cleared');
      save.reset();
      onSuccess(next);
    },
  });
  const mutation = lastAction === 'cleared' && !save.isPending ? clear : save;
  return (
    <SectionCard
      id="announcement"
      title="Announcement"
      description={
        current ? (
          <>
            Shown now until{' '}
            <time dateTime={current.ends_at} title={current.ends_at}>
              {new Date(current.ends_at).toLocaleString()}
            </time>
            .
          </>
        ) : (
          'No announcement is shown. One would appear above every signed-in page.'
        )
      }
    >
      <form
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          setLastAction('set');
          // The API refuses a past end with a generic VALIDATION_ERROR: say which field here.
          const past = !(new Date(endsAt).getTime() > Date.now());
          setPastEnd(past);
          if (!past) save.mutate();
        }}
      >
        <Textarea
          label="Text"
          value={text}
          rows={2}
          maxLength={ANNOUNCEMENT_TEXT_MAX}
          onChange={(event) => setText(event.target.value)}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Select
            label="Level"
            value={level}
            onChange={(event) => setLevel(event.target.value as Level)}
            options={[
              { value: 'info', label: 'Information' },
              { value: 'warning', label: 'Warning' },
            ]}
          />
          <Input
            label="Ends at (your time)"
            type="datetime-local"
            value={endsAt}
            required
            error={pastEnd ? 'The end time must be in the future.' : undefined}
            onChange={(event) => setEndsAt(event.target.value)}
          />
        </div>
        {text.trim() && (
          <div className="space-y-2">
            <p className="text-xs text-zinc-400">Preview:</p>
            <p
              data-testid="announcement-preview"
              className={cn(
                'rounded-xl border px-4 py-2 text-sm break-words',
                LEVEL_CLASSES[level],
              )}
            >
              {text}
            </p>
          </div>
        )}
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={save.isPending || !text.trim()}>
            Publish announcement
          </Button>
          {current && (
            <Button
              type="button"
              variant="glass"
              disabled={clear.isPending}
              onClick={() => {
                setLastAction('cleared');
                clear.mutate();
              }}
            >
              End it now
            </Button>
          )}
          <SaveFeedback
            error={mutation.error}
            saved={mutation.isSuccess}
            savedText={lastAction === 'cleared' ? 'Ended: nobody sees it now.' : 'Published.'}
          />
        </div>
      </form>
    </SectionCard>
  );
}
