/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Path prefix in front of every API path ('' by default). */
  readonly VITE_API_PREFIX?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
