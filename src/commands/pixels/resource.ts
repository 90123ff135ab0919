import { PIXEL_NAMES } from '../../ops/names.js';
import { PIXELS } from '../../ops/resource-kinds.js';
import { type Deletable, namedResource, type Resource } from '../shared/resource.js';

export const PIXEL: Resource & Deletable = {
  ...namedResource(PIXEL_NAMES, PIXELS.fields),
  deletePath: (id) => `/pixel/${id}/delete`,
};

export interface PixelFlags {
  type?: string;
  name?: string;
  tag?: string;
}
