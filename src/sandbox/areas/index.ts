// Each area registers its routes and may add to the seed. Add new areas here.
import type { Router } from '../router.ts';
import type { Sandbox } from '../server.ts';
import type { Store } from '../store.ts';
import users from './users.ts';
import identifiers from './identifiers.ts';
import contactsImport from './contacts-import.ts';

export interface SandboxArea {
  name: string;
  register(router: Router, sb: Sandbox): void;
  /** Adds this area's records to a fresh sandbox (after the base seed). */
  seed?(store: Store): void;
}

export const sandboxAreas: SandboxArea[] = [users, identifiers, contactsImport];
