// Every area's commands, in help order. Tables are eager (cheap data); handlers load lazily.
import type { AreaSpec } from '../src/core/spec.ts';
import { users, workspace } from './users.ts';
import { identifiers } from './identifiers.ts';

export const areas: AreaSpec[] = [users, workspace, identifiers];
