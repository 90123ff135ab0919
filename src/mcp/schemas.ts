// The shapes tools share: records as the server and shorty's record mapping give them, a page of
// a list, and the result of each item of a call that acts on several.
import { z } from './sdk.js';
import { BULK_PAGE_SIZE } from '../api/paginate.js';

/** One record (a link, a campaign...): its fields as `get` shows them. */
export const record = z.record(z.string(), z.unknown());

export const listInput = {
  page: z.number().int().min(1).optional().describe('the page to read (default 1)'),
  limit: z
    .number()
    .int()
    .min(1)
    .max(BULK_PAGE_SIZE)
    .optional()
    .describe("items per page (default: the server's); every page costs one request of the rate limit"),
};

export const listOutput = {
  items: z.array(record),
  page: z.number(),
  nextpage: z.number().nullable().describe('the next page to ask for; null on the last page'),
  maxpage: z.number(),
  total: z.number(),
};

export const recordOutput = { record };

/** What happened to each item of a call on several: ok with the server's answer, or why not. */
export const eachOutput = {
  results: z.array(
    z.object({
      item: z
        .union([z.number(), z.string()])
        .nullable()
        .describe('the item as the call named it (an id, or the long URL of a link to create)'),
      ok: z.boolean(),
      message: z.string().optional(),
      record: record.optional(),
    }),
  ),
  done: z.number().describe('how many succeeded'),
  failed: z.number(),
};

/** What the caller should know of a call that was done all the same, each about one input. */
export const warningsOutput = {
  warnings: z
    .array(z.object({ field: z.string().optional().describe('the input it is about'), message: z.string() }))
    .optional(),
};

export const ref = (what: string) => z.string().min(1).describe(what);
