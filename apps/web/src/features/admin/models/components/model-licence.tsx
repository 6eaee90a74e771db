import type { AdminModel } from '@nocturne/contract/admin/models';

/** The licence's name (linked when it has a page) and whether it allows commercial use. */
export function ModelLicence({ licence }: { licence: AdminModel['licence'] }) {
  if (!licence) return <span className="text-zinc-500">Not stated</span>;
  const conditions = licence.commercial_use ? (licence.conditions ?? []) : [];
  return (
    <>
      {licence.url ? (
        <a
          className="underline decoration-zinc-600 hover:text-white"
          href={licence.url}
          target="_blank"
          rel="noreferrer"
        >
          {licence.name}
        </a>
      ) : (
        licence.name
      )}
      <span className="block text-xs text-zinc-500">
        {!licence.commercial_use
          ? 'No commercial use'
          : conditions.length
            ? 'Commercial use allowed, on these conditions:'
            : 'Commercial use allowed'}
      </span>
      {conditions.length > 0 && (
        <ul className="list-disc pl-4 text-xs text-zinc-400">
          {conditions.map((condition) => (
            <li key={condition}>{condition}</li>
          ))}
        </ul>
      )}
    </>
  );
}
