import type { ExternalContent, Lang } from '@openfind/contract';

/** What a third-party lookup is about. */
export interface ContentLookup {
  tenantId: number;
  lang: Lang;
  recordId?: number | undefined;
  isbn?: string | undefined;
  title?: string | undefined;
}

/** An encyclopedia entry about a person. */
export interface Encyclopedia {
  title: string;
  summary: string;
  url: string | null;
  image: string | null;
  source: string;
}

/**
 * A third-party content service (Duxiu, JD, CADAL, Chaoxing, Web of Science, Baidu Baike…).
 * `call` is the name of the API call asked (getDuxiuEBook, getJdRes, wos…); a provider answers the
 * calls it serves and returns null for the others.
 */
export interface ContentProvider {
  readonly name: string;
  resources(call: string, q: ContentLookup): Promise<ExternalContent | null>;
  encyclopedia(name: string, q: ContentLookup): Promise<Encyclopedia | null>;
}

/** The provider of an installation without third-party services: nothing, so the pages hide those parts. */
export const noneProvider: ContentProvider = {
  name: 'none',
  resources: async () => null,
  encyclopedia: async () => null,
};

const EMPTY: ExternalContent = { provider: null, list: [] };

/** The configured providers, asked in order; the first that answers a call wins. */
export class ContentProviders {
  constructor(private readonly providers: ContentProvider[] = [noneProvider]) {}

  /** Names of the configured providers. */
  get names(): string[] {
    return this.providers.map((p) => p.name);
  }

  async resources(call: string, q: ContentLookup): Promise<ExternalContent> {
    for (const p of this.providers) {
      const found = await p.resources(call, q);
      if (found) return found;
    }
    return EMPTY;
  }

  async encyclopedia(name: string, q: ContentLookup): Promise<Encyclopedia | null> {
    for (const p of this.providers) {
      const found = await p.encyclopedia(name, q);
      if (found) return found;
    }
    return null;
  }
}
