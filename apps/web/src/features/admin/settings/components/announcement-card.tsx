import { zodResolver } from '@hookform/resolvers/zod';
import {
  ANNOUNCEMENT_TEXT_MAX,
  putAnnouncementRequestSchema,
  type Announcement,
  type ServiceStatus,
} from '@nocturne/contract/admin/service-settings';
import { useState } from 'react';
import { useForm, useWatch, type Control } from 'react-hook-form';
import { z } from 'zod';
import { limitHint } from '../../../../components/forms/limit-hint';
import { Button } from '../../../../components/ui/button';
import { Input } from '../../../../components/ui/input';
import { SectionCard } from '../../../../components/ui/section-card';
import { Select } from '../../../../components/ui/select';
import { Textarea } from '../../../../components/ui/textarea';
import { cn } from '../../../../lib/cn';
import { fieldProps } from '../../../../lib/forms/field-props';
import { limitMessages } from '../../components/text-limits';
import { SaveFeedback } from './save-feedback';
import { useAnnouncementChanges } from './use-announcement-changes';

type Level = Announcement['level'];

/** The signed-in banner's colours per level, for the preview. */
const LEVEL_CLASSES: Record<Level, string> = {
  info: 'border-sky-400/30 bg-sky-500/10 text-sky-100',
  warning: 'border-amber-400/30 bg-amber-400/10 text-amber-100',
};

const LEVEL_OPTIONS = [
  { value: 'info', label: 'Information' },
  { value: 'warning', label: 'Warning' },
];

const DAY_MS = 24 * 60 * 60 * 1000;

/** A `datetime-local` value (the viewer's zone) for a time. */
function localInput(time: Date): string {
  const shifted = new Date(time.getTime() - time.getTimezoneOffset() * 60_000);
  return shifted.toISOString().slice(0, 16);
}

/**
 * The announcement's body, its end typed in the viewer's zone. The API refuses a past end with a
 * generic VALIDATION_ERROR: the form says which field.
 */
const announcementFormSchema = putAnnouncementRequestSchema.extend({
  ends_at: z
    .string()
    .refine(
      (local) => new Date(local).getTime() > Date.now(),
      'The end time must be in the future.',
    )
    .transform((local) => new Date(local).toISOString())
    .pipe(putAnnouncementRequestSchema.shape.ends_at),
});

type AnnouncementFields = z.input<typeof announcementFormSchema>;

/** A text over its limit is refused in words that name the limit, never cut. */
const TEXT_LIMIT = limitMessages({ text: { subject: 'The text', max: ANNOUNCEMENT_TEXT_MAX } });

function startingFields(current: Announcement | null): AnnouncementFields {
  return {
    text: current?.text ?? '',
    level: current?.level ?? 'info',
    ends_at: localInput(current ? new Date(current.ends_at) : new Date(Date.now() + DAY_MS)),
  };
}

/** The banner as people would see it, once there is text. */
function AnnouncementPreview({ control }: { control: Control<AnnouncementFields> }) {
  const [text, level] = useWatch({ control, name: ['text', 'level'] });
  if (!text.trim()) return null;
  return (
    <div className="space-y-2">
      <p className="text-xs text-zinc-400">Preview:</p>
      <p
        data-testid="announcement-preview"
        className={cn('rounded-xl border px-4 py-2 text-sm break-words', LEVEL_CLASSES[level])}
      >
        {text}
      </p>
    </div>
  );
}

/** What is shown now, and until when. */
function AnnouncementState({ current }: { current: Announcement | null }) {
  if (!current) return 'No announcement is shown. One would appear above every signed-in page.';
  return (
    <>
      Shown now until{' '}
      <time dateTime={current.ends_at} title={current.ends_at}>
        {new Date(current.ends_at).toLocaleString()}
      </time>
      .
    </>
  );
}

/** The banner above every signed-in page: text, level, end time, previewed; or cleared. */
export function AnnouncementCard({ status }: { status: ServiceStatus }) {
  const current = status.announcement;
  // The fields start from the banner shown now, or a new one ending in a day from now.
  const [defaultValues] = useState(() => startingFields(current));
  const form = useForm({
    resolver: zodResolver(announcementFormSchema, TEXT_LIMIT),
    defaultValues,
  });
  const text = useWatch({ control: form.control, name: 'text' });
  const { save, clear, feedback } = useAnnouncementChanges();
  const publish = form.handleSubmit((announcement) => save.mutate(announcement));

  return (
    <SectionCard
      id="announcement"
      title="Announcement"
      description={<AnnouncementState current={current} />}
    >
      <form className="space-y-4" onSubmit={publish}>
        <Textarea
          label="Text"
          rows={2}
          hint={limitHint(undefined, text.trim().length, ANNOUNCEMENT_TEXT_MAX)}
          {...fieldProps(form, 'text')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Select label="Level" options={LEVEL_OPTIONS} {...fieldProps(form, 'level')} />
          <Input
            label="Ends at (your time)"
            type="datetime-local"
            required
            {...fieldProps(form, 'ends_at')}
          />
        </div>
        <AnnouncementPreview control={form.control} />
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={save.isPending || !text.trim()}>
            Publish announcement
          </Button>
          {current && (
            <Button
              type="button"
              variant="glass"
              disabled={clear.isPending}
              onClick={() => clear.mutate()}
            >
              End it now
            </Button>
          )}
          <SaveFeedback {...feedback} />
        </div>
      </form>
    </SectionCard>
  );
}
