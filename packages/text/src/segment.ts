import { Jieba } from '@node-rs/jieba';
import { dict } from '@node-rs/jieba/dict.js';

let jieba: Jieba | undefined;

/** The segmenter, loaded on first use (its dictionary takes ~0.2 s to load). */
function segmenter(): Jieba {
  jieba ??= Jieba.withDict(dict);
  return jieba;
}

/** Words of a Simplified Chinese run for indexing: every dictionary word and its sub-words. */
export function cutForIndex(han: string): string[] {
  return segmenter().cutForSearch(han, true);
}

/** Words of a Simplified Chinese run as a reader means them (precise mode). */
export function cutForQuery(han: string): string[] {
  return segmenter().cut(han, true);
}
