import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../../components/ui/button';
import { SectionCard } from '../../../../components/ui/section-card';
import { Textarea } from '../../../../components/ui/textarea';
import { testPrompt } from '../api/test-prompt-api';
import { fieldError } from '../utils/field-error';
import { TestVerdict } from './test-verdict';

const FIELD_MESSAGES = {
  prompt: 'Type a prompt of up to 4000 characters.',
  negative_prompt: 'A negative prompt is up to 4000 characters.',
};

/** What the rules say about any prompt now; nothing is recorded and nothing counts. */
export function PromptTester() {
  const [prompt, setPrompt] = useState('');
  const [negativePrompt, setNegativePrompt] = useState('');
  const test = useMutation({
    mutationFn: (input: { prompt: string; negativePrompt: string }) =>
      testPrompt(input.prompt, input.negativePrompt),
  });
  const failure = test.isError ? fieldError(test.error, FIELD_MESSAGES) : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    test.mutate({ prompt, negativePrompt });
  };

  return (
    <SectionCard
      id="tester"
      title="Tester"
      description="What the rules say about a prompt now, with your blocked terms, names and allowed phrases. Nothing is recorded and nothing counts towards a pause."
    >
      <form aria-label="Test a prompt" onSubmit={submit} noValidate className="flex flex-col gap-3">
        <Textarea
          label="Prompt"
          value={prompt}
          onChange={(event) => setPrompt(event.target.value)}
          error={failure?.field === 'prompt' ? failure.message : undefined}
          rows={3}
        />
        <Textarea
          label="Negative prompt (optional)"
          value={negativePrompt}
          onChange={(event) => setNegativePrompt(event.target.value)}
          error={failure?.field === 'negative_prompt' ? failure.message : undefined}
          rows={2}
        />
        <div>
          <Button type="submit" loading={test.isPending}>
            Test
          </Button>
        </div>
        {failure && !failure.field && (
          <p role="alert" className="text-sm text-rose-300">
            {failure.message}
          </p>
        )}
      </form>
      <div aria-live="polite">
        {test.isSuccess && <TestVerdict verdict={test.data} tested={test.variables} />}
      </div>
    </SectionCard>
  );
}
