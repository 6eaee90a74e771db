import { COVERED_SCRIPTS, type Script } from './letter-scripts';

/**
 * The script a prompt is mostly written in when no covered language uses it (Georgian, Armenian,
 * Ethiopic, Khmer, Sinhala…), or undefined: more than half of its letters are of uncovered
 * scripts (docs/decisions/074-unsupported-scripts-fail-closed.md). The rules cannot read such a
 * prompt, so it is declined rather than passed unread; a few words of such a script inside a
 * prompt mostly in a covered one are read by the normal rules. Digits, punctuation and emoji are
 * not letters and count for neither side.
 */
export function unsupportedScriptOf(letters: ReadonlyMap<Script, number>): Script | undefined {
  let covered = 0;
  let uncovered = 0;
  let most: Script | undefined;
  let mostCount = 0;
  for (const [script, count] of letters) {
    if (COVERED_SCRIPTS.has(script)) {
      covered += count;
      continue;
    }
    uncovered += count;
    if (count > mostCount) {
      most = script;
      mostCount = count;
    }
  }
  return uncovered > covered ? most : undefined;
}
