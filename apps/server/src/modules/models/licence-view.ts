import type { ModelLicence } from '@nocturne/contract/models/list-models';
import type { CatalogEntry } from '@nocturne/imagegen/model-catalog/model-catalog-schema';

/**
 * A catalog entry's licence as GET /models and the console show it. Its conditions are sent
 * only when the licence states some, so an entry without them reads as it always did.
 */
export function licenceView(licence: CatalogEntry['licence']): ModelLicence | null {
  if (!licence) return null;
  const { name, url, commercialUse, conditions } = licence;
  return {
    name,
    url: url ?? null,
    commercial_use: commercialUse,
    ...(conditions && conditions.length > 0 ? { conditions } : {}),
  };
}
