import { useSearchParams } from 'react-router';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { AuditLog } from '../../../features/admin/audit/components/audit-log';
import { ConsolePage } from '../../../features/admin/components/console-page';

const AUDIT_PAGE_SIZE = 50;

/** Every operator action, newest first; `?user=` (an id or an address) narrows it to one person. */
export function ConsoleAuditRoute() {
  const [params, setParams] = useSearchParams();
  const user = params.get('user') ?? '';
  const [text, setText] = useState(user);

  function filter(event: FormEvent) {
    event.preventDefault();
    const next = text.trim();
    setParams(next ? { user: next } : {});
  }

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
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder="Their id or email"
            autoComplete="off"
            containerClassName="min-w-0 flex-1 basis-60"
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
