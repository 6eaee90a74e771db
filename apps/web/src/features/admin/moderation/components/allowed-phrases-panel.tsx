import { useAllowedPhrases } from '../hooks/use-moderation-list';
import { EntriesTable } from './entries-table';
import { ListSection } from './list-section';

/** The allowed phrases false positives added; removing one refuses its prompts again. */
export function AllowedPhrasesPanel() {
  const query = useAllowedPhrases();
  return (
    <ListSection
      id="allowed-phrases"
      title="Allowed phrases"
      description="Added by marking a refusal a false positive. Where a prompt writes one of these phrases as whole words, its words no longer count; every other word of the prompt still does."
      query={query}
    >
      {({ phrases }) => (
        <EntriesTable
          path="allowed-phrases"
          caption="Allowed phrases"
          entries={phrases}
          columns={[
            {
              label: 'Phrase',
              render: (entry) => <span className="font-medium text-white">{entry.phrase}</span>,
            },
          ]}
          nameOf={(entry) => `the allowed phrase “${entry.phrase}”`}
          removeEffect="The prompts it lets through are refused again, from now on."
          empty="No allowed phrases yet. Marking a refusal a false positive adds the phrase that was wrongly read here."
        />
      )}
    </ListSection>
  );
}
