import { zodResolver } from '@hookform/resolvers/zod';
import { testModerationBodySchema } from '@nocturne/contract/admin/admin-moderation-lists';
import { useMutation } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { limitHint } from '../../../../components/forms/limit-hint';
import { AlertText } from '../../../../components/ui/alert-text';
import { Button } from '../../../../components/ui/button';
import { SectionCard } from '../../../../components/ui/section-card';
import { Textarea } from '../../../../components/ui/textarea';
import { fieldMessages } from '../../../../lib/forms/field-messages';
import { fieldProps } from '../../../../lib/forms/field-props';
import { blankAsAbsent } from '../../../../lib/forms/text-fields';
import { textBounds } from '../../components/text-limits';
import { testPrompt } from '../api/test-prompt-api';
import { fieldError, formError, showFieldError } from '../utils/field-error';
import { TestVerdict } from './test-verdict';

const PROMPT = textBounds(testModerationBodySchema.shape.prompt);
const NEGATIVE = textBounds(testModerationBodySchema.shape.negative_prompt.unwrap());
/** Each refusal names the field's limit, the contract's own. */
const FIELD_MESSAGES = {
  prompt: `Type a prompt of up to ${PROMPT.max} characters.`,
  negative_prompt: `A negative prompt is up to ${NEGATIVE.max} characters.`,
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
  // Both count near their limits; longer text is refused, never cut.
  const [prompt, negative] = useWatch({
    control: form.control,
    name: ['prompt', 'negative_prompt'],
  });

  return (
    <SectionCard
      id="tester"
      title="Tester"
      description="What the rules say about a prompt now, with your blocked terms, names and allowed phrases. Nothing is recorded and nothing counts towards a pause."
    >
      <form aria-label="Test a prompt" onSubmit={submit} noValidate className="flex flex-col gap-3">
        <Textarea
          label="Prompt"
          rows={3}
          hint={limitHint(undefined, prompt.length, PROMPT.max)}
          {...fieldProps(form, 'prompt')}
        />
        <Textarea
          label="Negative prompt (optional)"
          rows={2}
          hint={limitHint(undefined, negative.length, NEGATIVE.max)}
          {...fieldProps(form, 'negative_prompt')}
        />
        <div>
          <Button type="submit" loading={test.isPending}>
            Test
          </Button>
        </div>
        {failure && <AlertText>{failure}</AlertText>}
      </form>
      <div aria-live="polite">
        {test.isSuccess && <TestVerdict verdict={test.data} tested={test.variables} />}
      </div>
    </SectionCard>
  );
}
