import { CATALOG, DEFAULT_MODEL, RECOMMENDED_MODEL } from './catalog';
import { licenceInOneLine } from './licence-text';

/** The command that installs a catalog model on this server. */
export function pullCommand(name: string): string {
  return `npm run models -- pull ${name}`;
}

/**
 * What the start-up log tells an operator whose server only has the preview: the model a paid
 * service may run whatever its size first, then the others, each with its licence and that
 * licence's conditions, so the choice is made knowing them.
 */
export function realModelAdvice(): string {
  const names = [RECOMMENDED_MODEL, ...[...CATALOG.keys()].filter((n) => n !== RECOMMENDED_MODEL)];
  const choices = names.map((name) => {
    const manifest = CATALOG.get(name);
    if (!manifest) throw new Error(`the catalog has no model "${name}"`);
    // IMAGE_MODEL defaults to the default model: any other must be named.
    const select = name === DEFAULT_MODEL ? '' : ` with IMAGE_MODEL=${name}`;
    return `\`${pullCommand(name)}\`${select} — ${licenceInOneLine(manifest.licence)}`;
  });
  return `install a real model: ${choices.join(' Or ')}`;
}
