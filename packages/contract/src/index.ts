export * from './envelope.js';
export * from './headers.js';
export * from './config.js';
export * from './dictionaries.js';
export * from './paths.js';
export * from './codes.js';
export * from './routing.js';
export * from './search.js';
