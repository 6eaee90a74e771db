import type { ModelManifest } from './manifest';

type Licence = ModelManifest['licence'];

/** The licence's name and, plainly, whether it allows a paid service and on what terms. */
export function licenceSummary(licence: Licence): string {
  const { name, commercialUse, conditions } = licence;
  const use =
    commercialUse === undefined
      ? 'commercial use: check the licence'
      : !commercialUse
        ? 'no commercial use'
        : conditions.length > 0
          ? 'commercial use allowed, on conditions'
          : 'commercial use allowed';
  return `${name} (${use})`;
}

/** The summary with every condition after it, for one line of a log. */
export function licenceInOneLine(licence: Licence): string {
  const summary = licenceSummary(licence);
  return licence.conditions.length > 0 ? `${summary}: ${licence.conditions.join(' ')}` : summary;
}
