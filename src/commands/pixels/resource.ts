import { UsageError } from '../../errors.js';
import { listedOf, PIXEL_NAMES } from '../shared/resolve-name.js';
import type { Resource } from '../shared/resource.js';

const FIELDS = ['id', 'type', 'name', 'tag', 'date'];

export const PIXEL: Resource = {
  ...listedOf(PIXEL_NAMES),
  view: { columns: FIELDS, fields: FIELDS },
  named: PIXEL_NAMES,
};

export interface PixelFlags {
  type?: string;
  name?: string;
  tag?: string;
}

export function nonEmpty(value: string, what: string): string {
  if (value.trim() === '') throw new UsageError(`${what} cannot be empty`);
  return value;
}
