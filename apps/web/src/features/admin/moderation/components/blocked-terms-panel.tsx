import { zodResolver } from '@hookform/resolvers/zod';
import {
  addBlockedTermBodySchema,
  BLOCKED_TERM_RULES,
} from '@nocturne/contract/admin/admin-moderation-lists';
import { useForm, useWatch } from 'react-hook-form';
import { limitHint } from '../../../../components/forms/limit-hint';
import { Input } from '../../../../components/ui/input';
import { Select } from '../../../../components/ui/select';
import { fieldMessages } from '../../../../lib/forms/field-messages';
import { fieldProps } from '../../../../lib/forms/field-props';
import { blankAsAbsent } from '../../../../lib/forms/text-fields';
import { textBounds } from '../../components/text-limits';
import { addBlockedTerm } from '../api/moderation-lists-api';
import { useBlockedTerms, useChangeModerationList } from '../hooks/use-moderation-list';
import { fieldError, formError, showFieldError } from '../utils/field-error';
import { AddEntryForm } from './add-entry-form';
import { EntriesTable } from './entries-table';
import { ListSection } from './list-section';

type Rule = (typeof BLOCKED_TERM_RULES)[number];

const RULES: Record<Rule, string> = {
  sexual: 'Sexual: refused with a minor word',
  minor: 'Minor: refused with a sexual word',
  inherent: 'Refused on its own',
};
const TERM = textBounds(addBlockedTermBodySchema.shape.term);
/** Each refusal in words; the term's names its bounds, the contract's own. */
const FIELD_MESSAGES: Record<string, string> = {
  term: `A term is ${TERM.min} to ${TERM.max} characters.`,
  rule: 'Choose a rule.',
  language: 'A language is a code of 2 or 3 lower-case letters, e.g. es.',
};

/** The body of the add; a language left blank is no language. */
const newTermSchema = addBlockedTermBodySchema.extend({
  language: blankAsAbsent(addBlockedTermBodySchema.shape.language),
});

/** The add form's state: the new term, its rule and language, and where a refusal shows. */
function useAddTermForm() {
  const add = useChangeModerationList('blocked-terms', addBlockedTerm);
  const form = useForm({
    resolver: zodResolver(newTermSchema, fieldMessages(FIELD_MESSAGES)),
    defaultValues: { term: '', rule: 'sexual' as Rule, language: '' },
  });
  const submit = form.handleSubmit((entry) =>
    add.mutate(entry, {
      onSuccess: () => form.reset({ term: '', rule: entry.rule, language: '' }),
      onError: (error) =>
        showFieldError(
          form,
          fieldError(error, FIELD_MESSAGES, { MODERATION_ENTRY_EXISTS: 'term' }),
        ),
    }),
  );
  return { add, form, submit };
}

/** Operators' extra blocked terms: add one with its rule and language, remove one. */
export function BlockedTermsPanel() {
  const query = useBlockedTerms();
  const { add, form, submit } = useAddTermForm();
  // The term counts near its limit; a longer one is refused, never cut.
  const termLength = useWatch({ control: form.control, name: 'term' }).trim().length;

  return (
    <ListSection
      id="blocked-terms"
      title="Blocked terms"
      description="Matched like the shipped word lists, in every language, with their spellings (case, accents, look-alike letters, leetspeak, one typo in a term of 7+ letters). Test a term before adding it: a broad one refuses widely."
      query={query}
      form={
        <AddEntryForm
          label="Add a blocked term"
          pending={add.isPending}
          error={formError(form)}
          onSubmit={submit}
        >
          <Input
            label="Term"
            containerClassName="sm:flex-1"
            autoComplete="off"
            hint={limitHint(undefined, termLength, TERM.max)}
            {...fieldProps(form, 'term')}
          />
          <Select
            label="Rule"
            options={BLOCKED_TERM_RULES.map((value) => ({ value, label: RULES[value] }))}
            containerClassName="sm:w-84"
            {...fieldProps(form, 'rule')}
          />
          <Input
            label="Language (optional)"
            hint="A label, e.g. es"
            containerClassName="sm:w-36"
            autoComplete="off"
            {...fieldProps(form, 'language')}
          />
        </AddEntryForm>
      }
    >
      {({ terms }) => (
        <EntriesTable
          path="blocked-terms"
          caption="Blocked terms"
          entries={terms}
          columns={[
            {
              label: 'Term',
              render: (entry) => <span className="font-medium text-white">{entry.term}</span>,
            },
            { label: 'Rule', render: (entry) => RULES[entry.rule] },
            { label: 'Language', render: (entry) => entry.language ?? 'Any' },
          ]}
          nameOf={(entry) => `the blocked term “${entry.term}”`}
          removeEffect="Prompts refused only because of this term pass again, from now on."
          empty="No blocked terms of your own yet. The shipped word lists apply; terms you add here count with them at once."
        />
      )}
    </ListSection>
  );
}
