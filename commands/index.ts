// Every area's commands, in help order. Tables are eager (cheap data); handlers load lazily.
import type { AreaSpec } from '../src/core/spec.ts';
import { mergeAreas } from '../src/core/builder.ts';
import { users, workspace } from './users.ts';
import { identifiers } from './identifiers.ts';
import { contactsImport } from './contacts-import.ts';

// An area may be split over several files; mergeAreas joins specs of the same name.
export const areas: AreaSpec[] = mergeAreas([users, workspace, identifiers, contactsImport]);
