export function landingDocument(
  indexHtml: string,
  landingMarkup: string,
  readAsset: (file: string) => string,
): string;
