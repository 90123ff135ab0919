import { PIXEL_NAMES } from '../../ops/names.js';
import { type Deletable, namedResource, type Resource } from '../shared/resource.js';

export const PIXEL: Resource & Deletable = {
  ...namedResource(PIXEL_NAMES, ['id', 'type', 'name', 'tag', 'date']),
  deletePath: (id) => `/pixel/${id}/delete`,
};

export interface PixelFlags {
  type?: string;
  name?: string;
  tag?: string;
}
