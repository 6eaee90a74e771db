import type { Wildcard } from '@nocturne/contract/wildcards/wildcard';
import { EditableListItem } from '../../../components/ui/editable-list-item';
import { useDeleteWildcard } from '../api/delete-wildcard';
import { linesSummary } from '../utils/lines-summary';
import { WildcardForm } from './wildcard-form';

/** One of the person's lists: `__name__`, its first lines, Edit and Delete. */
export function WildcardItem({ list }: { list: Wildcard }) {
  const remove = useDeleteWildcard();
  return (
    <EditableListItem
      name={`__${list.name}__`}
      detail={linesSummary(list.values)}
      form={(done) => <WildcardForm list={list} onDone={done} />}
      removal={{ ...remove, remove: () => remove.mutate(list.name) }}
    />
  );
}
