/** IPTC's term for media created by a trained model (what regulators and platforms look for). */
export const TRAINED_ALGORITHMIC_MEDIA =
  'http://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia';

export const SOFTWARE_NAME = 'Nocturne';

function escapeXml(value: string): string {
  return value.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The keyword XMP part 3 assigns to the packet's `iTXt` chunk in PNG. */
export const XMP_PNG_KEYWORD = 'XML:com.adobe.xmp';

/**
 * XMP packet declaring the image AI-generated (IPTC Extension DigitalSourceType). Read-only
 * (`end="r"`), so it needs no padding: editors rewrite the chunk rather than the packet in place.
 */
export function buildAiXmp(details: { software: string; model: string; backend: string }): string {
  return [
    '<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>',
    '<x:xmpmeta xmlns:x="adobe:ns:meta/">',
    '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">',
    '<rdf:Description rdf:about=""',
    ' xmlns:Iptc4xmpExt="http://iptc.org/std/Iptc4xmpExt/2008-02-29/"',
    ' xmlns:xmp="http://ns.adobe.com/xap/1.0/"',
    ' xmlns:dc="http://purl.org/dc/elements/1.1/"',
    ` Iptc4xmpExt:DigitalSourceType="${TRAINED_ALGORITHMIC_MEDIA}"`,
    ` xmp:CreatorTool="${escapeXml(details.software)}">`,
    `<dc:description><rdf:Alt><rdf:li xml:lang="x-default">AI-generated image (${escapeXml(details.backend)}: ${escapeXml(details.model)})</rdf:li></rdf:Alt></dc:description>`,
    '</rdf:Description>',
    '</rdf:RDF>',
    '</x:xmpmeta>',
    '<?xpacket end="r"?>',
  ].join('\n');
}
