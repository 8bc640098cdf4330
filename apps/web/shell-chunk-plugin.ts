import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const APP_SRC = fileURLToPath(new URL('./src/', import.meta.url));

/**
 * The app's own modules that run at start (the entry's static imports, followed through), so that
 * they can go into one chunk (`shellModules`, used by vite.config.ts's code splitting): left to the
 * default splitting they came as some thirty small files — modules shared by the start and a lazy
 * screen each get a chunk of their own — and a browser fetches six at a time over HTTP/1.1, on a
 * slow line a round trip per six (issue 31).
 */
export function shellChunk(): { plugin: Plugin; shellModules: Set<string> } {
  const shellModules = new Set<string>();
  const plugin: Plugin = {
    name: 'openfind-shell-chunk',
    apply: 'build',
    buildEnd() {
      shellModules.clear();
      const entries = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
      const queue = [...entries];
      while (queue.length) {
        const id = queue.pop()!;
        if (shellModules.has(id)) continue;
        shellModules.add(id);
        for (const imported of this.getModuleInfo(id)?.importedIds ?? []) queue.push(imported);
      }
      // The app's own source only: libraries have their own groups (react, vendor), and the contract's
      // modules are left to the bundler, which drops what the app does not use (its schemas, zod).
      for (const id of [...shellModules]) if (!id.startsWith(APP_SRC) || entries.includes(id)) shellModules.delete(id);
    },
  };
  return { plugin, shellModules };
}
