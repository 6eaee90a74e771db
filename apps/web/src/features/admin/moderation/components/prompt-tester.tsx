import { zodResolver } from '@hookform/resolvers/zod';
import { testModerationBodySchema } from '@nocturne/contract/admin/admin-moderation-lists';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Button } from '../../../../components/ui/button';
import { SectionCard } from '../../../../components/ui/section-card';
import { Textarea } from '../../../../components/ui/textarea';
import { fieldMessages } from '../../../../lib/forms/field-messages';
import { fieldProps } from '../../../../lib/forms/field-props';
import { blankAsAbsent } from '../../../../lib/forms/text-fields';
import { testPrompt } from '../api/test-prompt-api';
import { fieldError, formError, showFieldError } from '../utils/field-error';
import { TestVerdict } from './test-verdict';

const FIELD_MESSAGES = {
  prompt: 'Type a prompt of up to 4000 characters.',
  negative_prompt: 'A negative prompt is up to 4000 characters.',
};

/** The test's body; a negative prompt left blank is none. */
const promptTestSchema = testModerationBodySchema.extend({
  negative_prompt: blankAsAbsent(testModerationBodySchema.shape.negative_prompt),
});

/** What the rules say about any prompt now; nothing is recorded and nothing counts. */
export function PromptTester() {
  const form = useForm({
    resolver: zodResolver(promptTestSchema, fieldMessages(FIELD_MESSAGES)),
    defaultValues: { prompt: '', negative_prompt: '' },
  });
  const test = useMutation({ mutationFn: testPrompt });
  const submit = form.handleSubmit((body) =>
    test.mutate(body, {
      onError: (error) => showFieldError(form, fieldError(error, FIELD_MESSAGES)),
    }),
  );
  const failure = formError(form);

  return (
    <SectionCard
      id="tester"
      title="Tester"
      description="What the rules say about a prompt now, with your blocked terms, names and allowed phrases. Nothing is recorded and nothing counts towards a pause."
    >
      <form aria-label="Test a prompt" onSubmit={submit} noValidate className="flex flex-col gap-3">
        <Textarea label="Prompt" rows={3} {...fieldProps(form, 'prompt')} />
        <Textarea
          label="Negative prompt (optional)"
          rows={2}
          {...fieldProps(form, 'negative_prompt')}
        />
        <div>
          <Button type="submit" loading={test.isPending}>
            Test
          </Button>
        </div>
        {failure && (
          <p role="alert" className="text-sm text-rose-300">
            {failure}
          </p>
        )}
      </form>
      <div aria-live="polite">
        {test.isSuccess && <TestVerdict verdict={test.data} tested={test.variables} />}
      </div>
    </SectionCard>
  );
}
