import { afterAll } from 'vitest';
import { removeTempDirs } from './temp-dirs.js';

// Registered first, so it runs after each test file's own afterAll hooks (databases closed first).
afterAll(removeTempDirs);
