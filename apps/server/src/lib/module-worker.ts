import { Worker } from 'node:worker_threads';

/**
 * Starts the worker module `name` (without extension) that sits beside the module at `callerUrl`:
 * its built .js file, or from TypeScript sources (tests, `npm run dev`) through the tsx loader.
 */
export function startModuleWorker(callerUrl: string, name: string, workerData?: unknown): Worker {
  if (!callerUrl.endsWith('.ts')) return new Worker(new URL(`./${name}.js`, callerUrl), { workerData });
  const api = import.meta.resolve('tsx/esm/api');
  const file = new URL(`./${name}.ts`, callerUrl).href;
  const boot = `import(${JSON.stringify(api)}).then((m) => { m.register(); return import(${JSON.stringify(file)}); })`;
  // 'source' resolves workspace packages to their TypeScript, so no build is needed first.
  return new Worker(boot, { eval: true, execArgv: ['--conditions=source'], workerData });
}
