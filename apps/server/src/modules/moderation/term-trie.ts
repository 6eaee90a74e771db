import type { Script } from './letter-scripts';
import type { StepMeter } from './step-meter';

export type TermKind =
  | 'minor'
  | 'inherent'
  | 'school'
  | 'baby'
  | 'sexual'
  | 'adulthood'
  | 'name'
  /** An ordinary word that contains a term ("裸足", barefoot, holds "裸"): never a match. */
  | 'neutral';

/** A term found in a prompt: its kind and the term as the word list writes it. */
export interface TermHit {
  kind: TermKind;
  term: string;
  /**
   * A term in Cyrillic or Greek letters folds to Latin look-alikes ("лолі" to "noni"): it counts
   * only in a prompt holding letters of its script, so the English "noni" is not it.
   */
  script?: Script;
}

interface TrieNode {
  next: Map<string, TrieNode>;
  hits: TermHit[];
}

/**
 * Terms found anywhere inside a string (spaced-out letters joined, or text written without
 * spaces): at most `longest` steps per character. A neutral term hides the terms inside it.
 */
export class TermTrie {
  private readonly root: TrieNode = { next: new Map(), hits: [] };

  add(squashed: string, hit: TermHit) {
    let node = this.root;
    for (const char of squashed) {
      let child = node.next.get(char);
      if (!child) {
        child = { next: new Map(), hits: [] };
        node.next.set(char, child);
      }
      node = child;
    }
    node.hits.push(hit);
  }

  find(text: string, meter: StepMeter): TermHit[] {
    const chars = [...text];
    const found: TermHit[] = [];
    // The furthest end of a neutral term that started at or before the current start.
    let neutralEnd = -1;
    for (let start = 0; start < chars.length; start += 1) {
      const here: Array<{ end: number; hit: TermHit }> = [];
      let node: TrieNode | undefined = this.root;
      for (let index = start; node && index < chars.length; index += 1) {
        meter.step();
        node = node.next.get(chars[index] ?? '');
        for (const hit of node?.hits ?? []) {
          if (hit.kind === 'neutral') neutralEnd = Math.max(neutralEnd, index + 1);
          else here.push({ end: index + 1, hit });
        }
      }
      for (const { end, hit } of here) if (end > neutralEnd) found.push(hit);
    }
    return found;
  }
}
