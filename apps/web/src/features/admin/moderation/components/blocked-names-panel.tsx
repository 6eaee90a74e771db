import { useState } from 'react';
import { Input } from '../../../../components/ui/input';
import { addBlockedName } from '../api/moderation-lists-api';
import { useBlockedNames, useChangeModerationList } from '../hooks/use-moderation-list';
import { fieldError } from '../utils/field-error';
import { AddEntryForm } from './add-entry-form';
import { EntriesTable } from './entries-table';
import { ListSection } from './list-section';

const FIELD_MESSAGES = { name: 'A name is 3 to 100 characters.' };

/** Operators' extra real-person names, refused in sexual prompts with their misspellings. */
export function BlockedNamesPanel() {
  const query = useBlockedNames();
  const add = useChangeModerationList('blocked-names', addBlockedName);
  const [name, setName] = useState('');
  const failure = add.isError
    ? fieldError(add.error, FIELD_MESSAGES, { MODERATION_ENTRY_EXISTS: 'name' })
    : undefined;

  return (
    <ListSection
      id="blocked-names"
      title="Blocked real-person names"
      description="A real person’s name is refused in sexual prompts, with the misspellings the shipped names are matched with. Names from the server’s names file apply too."
      query={query}
      form={
        <AddEntryForm
          label="Add a blocked name"
          pending={add.isPending}
          error={failure && !failure.field ? failure.message : undefined}
          onSubmit={() => add.mutate({ name }, { onSuccess: () => setName('') })}
        >
          <Input
            label="Full name"
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={failure?.field === 'name' ? failure.message : undefined}
            containerClassName="sm:flex-1"
            autoComplete="off"
          />
        </AddEntryForm>
      }
    >
      {({ names }) => (
        <EntriesTable
          path="blocked-names"
          caption="Blocked real-person names"
          entries={names}
          columns={[
            {
              label: 'Name',
              render: (entry) => <span className="font-medium text-white">{entry.name}</span>,
            },
          ]}
          nameOf={(entry) => `the blocked name “${entry.name}”`}
          removeEffect="Sexual prompts naming this person are no longer refused for the name, from now on (the shipped names and the names file still apply)."
          empty="No names of your own yet. The shipped list of real people applies; names you add here count at once."
        />
      )}
    </ListSection>
  );
}
