import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { getAdminAuditQuerySchema } from '@nocturne/contract/admin/get-admin-audit';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { AuditLog } from '../../../features/admin/audit/components/audit-log';
import { ConsolePage } from '../../../features/admin/components/console-page';
import { limitHint } from '../../../components/forms/limit-hint';
import { fieldMessages } from '../../../lib/forms/field-messages';
import { fieldProps } from '../../../lib/forms/field-props';
import { lengthLimitMessage } from '../../../lib/forms/length-limit';
import { blankAsAbsent } from '../../../lib/forms/text-fields';

const AUDIT_PAGE_SIZE = 50;

/** The filter is the query's `user`; left blank, every person's actions show. */
const userRule = getAdminAuditQuerySchema.shape.user;
const auditFilterSchema = z.object({ user: blankAsAbsent(userRule) });
const USER_MAX_LENGTH = userRule.unwrap().maxLength ?? undefined;

/** Every operator action, newest first; `?user=` (an id or an address) narrows it to one person. */
export function ConsoleAuditRoute() {
  const [params, setParams] = useSearchParams();
  const user = params.get('user') ?? '';
  const form = useForm({
    resolver: zodResolver(
      auditFilterSchema,
      USER_MAX_LENGTH === undefined
        ? undefined
        : fieldMessages({ user: lengthLimitMessage('The person', USER_MAX_LENGTH) }),
    ),
    defaultValues: { user },
  });
  // Counted as the rule counts it (trimmed).
  const userLength = (useWatch({ control: form.control, name: 'user' }) ?? '').trim().length;
  const filter = form.handleSubmit((query) => setParams(query.user ? { user: query.user } : {}));

  return (
    <ConsolePage
      title="Audit log"
      description="Every operator action: who, when, what, on whom and why."
    >
      <div className="glass-panel rounded-3xl p-4 sm:p-6">
        <form onSubmit={filter} className="mb-5 flex flex-wrap items-end gap-3">
          <Input
            label="Person"
            type="search"
            placeholder="Their id or email"
            autoComplete="off"
            hint={
              USER_MAX_LENGTH === undefined
                ? undefined
                : limitHint(undefined, userLength, USER_MAX_LENGTH)
            }
            containerClassName="min-w-0 flex-1 basis-60"
            {...fieldProps(form, 'user')}
          />
          <Button type="submit" variant="glass">
            Filter
          </Button>
        </form>
        <AuditLog
          user={user || undefined}
          pageSize={AUDIT_PAGE_SIZE}
          empty={
            user
              ? `No operator action about “${user}” yet (the filter takes a person's id or their whole address).`
              : 'No operator actions yet: every grant, suspension, deletion and settings change appears here.'
          }
        />
      </div>
    </ConsolePage>
  );
}
