// How a help page is laid out at a width, with commander's own wrapping (its Help): every page the
// CLI prints (format.ts), and the root help the front prints on a terminal without the CLI.
import type { Help } from 'commander';

/**
 * commander's help settings of every page. A group with long command terms (`assign <channelId>
 * <type> <itemId...>`) leaves ~38 columns of an 80-column terminal to the descriptions: commander
 * would stop wrapping below 40.
 */
export const HELP_SETTINGS = { sortSubcommands: false, minWidthToWrap: 24 };

/** A section of terms and their text, or of terms only, flowed several to a line. */
type HelpSection = { title: string; items: [term: string, text: string][] } | { title: string; flow: string[] };

/** What a help page says, before it is laid out: its usage line, description and sections. */
export interface HelpPage {
  usage: string;
  description: string;
  sections: HelpSection[];
}

/** The page at `helper.helpWidth` columns (80 when not set), the terms of every section aligned. */
export function layoutHelp(page: HelpPage, helper: Help): string {
  const width = helper.helpWidth ?? 80;
  const terms = page.sections.flatMap((section) => ('items' in section ? section.items.map(([term]) => term) : []));
  const termWidth = Math.max(0, ...terms.map((term) => helper.displayWidth(term)));
  const lines = (section: HelpSection) =>
    'items' in section
      ? section.items.map(([term, text]) => helper.formatItem(term, termWidth, text, helper))
      : flowed(section.flow, helper, width);
  return [
    `${helper.styleTitle('Usage:')} ${page.usage}`,
    '',
    ...(page.description ? [helper.boxWrap(page.description, width), ''] : []),
    ...page.sections.flatMap((section) => {
      const body = lines(section);
      return body.length === 0 ? [] : [helper.styleTitle(section.title), ...body, ''];
    }),
  ].join('\n');
}

/** Terms several to a line, as many as `width` holds. */
function flowed(terms: string[], helper: Help, width: number): string[] {
  const lines: string[] = [];
  for (const term of terms) {
    const last = lines.at(-1);
    if (last !== undefined && helper.displayWidth(`${last}   ${term}`) <= width)
      lines[lines.length - 1] = `${last}   ${term}`;
    else lines.push(`  ${term}`);
  }
  return lines;
}
