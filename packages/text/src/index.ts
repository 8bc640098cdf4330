export { foldText, stripDiacritics, toSimplified } from './fold.js';
export { cutForIndex, cutForQuery } from './segment.js';
export { pinyinKeys, sliceChars, sortKey } from './pinyin.js';
export { analysedForm, indexTokens, queryTerms, type Token } from './tokens.js';
export { buildTsVector, type IndexField, type Weight } from './tsvector.js';
