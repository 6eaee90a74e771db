import { BLOCKED_TERM_RULES } from '@nocturne/contract/admin/admin-moderation-lists';
import { useState } from 'react';
import { Input } from '../../../../components/ui/input';
import { Select } from '../../../../components/ui/select';
import { addBlockedTerm } from '../api/moderation-lists-api';
import { useBlockedTerms, useChangeModerationList } from '../hooks/use-moderation-list';
import { fieldError } from '../utils/field-error';
import { AddEntryForm } from './add-entry-form';
import { EntriesTable } from './entries-table';
import { ListSection } from './list-section';

type Rule = (typeof BLOCKED_TERM_RULES)[number];

const RULES: Record<Rule, string> = {
  sexual: 'Sexual: refused with a minor word',
  minor: 'Minor: refused with a sexual word',
  inherent: 'Refused on its own',
};
const FIELD_MESSAGES: Record<string, string> = {
  term: 'A term is 2 to 100 characters.',
  rule: 'Choose a rule.',
  language: 'A language is a code of 2 or 3 lower-case letters, e.g. es.',
};

/** Operators' extra blocked terms: add one with its rule and language, remove one. */
export function BlockedTermsPanel() {
  const query = useBlockedTerms();
  const add = useChangeModerationList('blocked-terms', addBlockedTerm);
  const [term, setTerm] = useState('');
  const [rule, setRule] = useState<Rule>('sexual');
  const [language, setLanguage] = useState('');
  const failure = add.isError
    ? fieldError(add.error, FIELD_MESSAGES, { MODERATION_ENTRY_EXISTS: 'term' })
    : undefined;
  const errorAt = (name: string) => (failure?.field === name ? failure.message : undefined);

  const submit = () =>
    add.mutate(
      { term, rule, ...(language.trim() && { language: language.trim() }) },
      {
        onSuccess: () => {
          setTerm('');
          setLanguage('');
        },
      },
    );

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
          error={failure && !failure.field ? failure.message : undefined}
          onSubmit={submit}
        >
          <Input
            label="Term"
            value={term}
            onChange={(event) => setTerm(event.target.value)}
            error={errorAt('term')}
            containerClassName="sm:flex-1"
            autoComplete="off"
          />
          <Select
            label="Rule"
            value={rule}
            onChange={(event) => setRule(event.target.value as Rule)}
            options={BLOCKED_TERM_RULES.map((value) => ({ value, label: RULES[value] }))}
            error={errorAt('rule')}
            containerClassName="sm:w-84"
          />
          <Input
            label="Language (optional)"
            value={language}
            onChange={(event) => setLanguage(event.target.value)}
            error={errorAt('language')}
            hint="A label, e.g. es"
            containerClassName="sm:w-36"
            autoComplete="off"
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
