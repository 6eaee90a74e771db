import { zodResolver } from '@hookform/resolvers/zod';
import { addBlockedNameBodySchema } from '@nocturne/contract/admin/admin-moderation-lists';
import { useForm, useWatch } from 'react-hook-form';
import { limitHint } from '../../../../components/forms/limit-hint';
import { Input } from '../../../../components/ui/input';
import { fieldMessages } from '../../../../lib/forms/field-messages';
import { fieldProps } from '../../../../lib/forms/field-props';
import { textBounds } from '../../components/text-limits';
import { addBlockedName } from '../api/moderation-lists-api';
import { useBlockedNames, useChangeModerationList } from '../hooks/use-moderation-list';
import { fieldError, formError, showFieldError } from '../utils/field-error';
import { AddEntryForm } from './add-entry-form';
import { EntriesTable } from './entries-table';
import { ListSection } from './list-section';

const NAME = textBounds(addBlockedNameBodySchema.shape.name);
/** The refusal names the bounds, the contract's own; the field counts near its limit. */
const FIELD_MESSAGES = { name: `A name is ${NAME.min} to ${NAME.max} characters.` };

/** Operators' extra real-person names, refused in sexual prompts with their misspellings. */
export function BlockedNamesPanel() {
  const query = useBlockedNames();
  const add = useChangeModerationList('blocked-names', addBlockedName);
  const form = useForm({
    resolver: zodResolver(addBlockedNameBodySchema, fieldMessages(FIELD_MESSAGES)),
    defaultValues: { name: '' },
  });
  const nameLength = useWatch({ control: form.control, name: 'name' }).trim().length;
  const submit = form.handleSubmit((entry) =>
    add.mutate(entry, {
      onSuccess: () => form.reset(),
      onError: (error) =>
        showFieldError(
          form,
          fieldError(error, FIELD_MESSAGES, { MODERATION_ENTRY_EXISTS: 'name' }),
        ),
    }),
  );

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
          error={formError(form)}
          onSubmit={submit}
        >
          <Input
            label="Full name"
            containerClassName="sm:flex-1"
            autoComplete="off"
            hint={limitHint(undefined, nameLength, NAME.max)}
            {...fieldProps(form, 'name')}
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
