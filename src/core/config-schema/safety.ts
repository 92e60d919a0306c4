import { Type } from '@sinclair/typebox';
import { closed, def } from './kit.js';

export const threshold = def(
  'threshold',
  closed(
    {
      percent: Type.Optional(
        Type.Number({
          description: 'Largest share (0-100) of existing objects of this kind one apply may change; applies only when at least 10 exist.',
          minimum: 0,
          maximum: 100,
        }),
      ),
      count: Type.Optional(Type.Integer({ description: 'Largest number of objects of this kind one apply may change.', minimum: 0 })),
    },
    { title: 'a threshold { percent?, count? }', minProperties: 1 },
  ),
);
