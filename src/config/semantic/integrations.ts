// Offline knowledge about integrations: which aliases exist, which integration each reference
// means when that can be known without the service, and which provider it has.

import type { Provider } from '../../contract/types.js';
import { GIT_PROVIDERS } from '../../contract/types.js';
import { keysOf, mapOf, type CheckContext } from './context.js';

const DIGITS = /^[1-9][0-9]*$/;

export interface AliasInfo {
  id?: number;
  name?: string;
  provider?: Provider;
}

export class IntegrationIndex {
  readonly aliases = new Map<string, AliasInfo>();

  constructor(ctx: CheckContext) {
    const declared = mapOf(ctx.doc.integrations);
    for (const alias of keysOf(declared)) {
      const a = mapOf(declared?.[alias]);
      const info: AliasInfo = {};
      if (typeof a?.id === 'number') info.id = a.id;
      if (typeof a?.name === 'string') info.name = a.name;
      if (typeof a?.provider === 'string') info.provider = a.provider as Provider;
      this.aliases.set(alias, info);
    }
  }

  /** True for a numeric id, or an alias declared under `integrations:`. */
  isKnown(ref: string | number): boolean {
    return typeof ref === 'number' || DIGITS.test(ref) || this.aliases.has(ref);
  }

  /**
   * A key equal for two references to the same integration as far as the file can tell:
   * `id:10` for an id or an alias declaring it, `name:Acme Work` for an alias by name.
   */
  identity(ref: string | number): string | undefined {
    if (typeof ref === 'number' || DIGITS.test(ref)) return `id:${Number(ref)}`;
    const a = this.aliases.get(ref);
    if (!a) return undefined;
    if (a.id !== undefined) return `id:${a.id}`;
    if (a.name !== undefined) return `name:${a.name}`;
    return `alias:${ref}`;
  }

  private providers: Map<string, Provider> | undefined;

  /** The provider, when an alias (or an alias declaring this id) states it. */
  provider(ref: string | number): Provider | undefined {
    if (!this.providers) {
      this.providers = new Map();
      for (const [alias, info] of this.aliases) {
        const identity = this.identity(alias);
        if (info.provider && identity !== undefined && !this.providers.has(identity)) this.providers.set(identity, info.provider);
      }
    }
    const id = this.identity(ref);
    return id === undefined ? undefined : this.providers.get(id);
  }
}

export function isGitProvider(p: Provider | undefined): boolean {
  return p !== undefined && (GIT_PROVIDERS as readonly string[]).includes(p);
}
