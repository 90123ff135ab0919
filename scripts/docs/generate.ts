// The generated documentation, as files: what `npm run docs` writes and the docs test compares.
import { commandPage, indexPage, topicPage } from './markdown.js';
import { readModel } from './model.js';
import { commandMan, topicMan } from './roff.js';

/** The folders the generator owns: any other file in them is stale. */
export const GENERATED_DIRS = ['docs/commands', 'man'] as const;

export interface GeneratedDocs {
  /** Path from the repository root -> content. */
  files: Map<string, string>;
  /** The man pages, as package.json's `man` field lists them. */
  man: string[];
}

export async function generateDocs(version: string): Promise<GeneratedDocs> {
  const model = await readModel();
  const files = new Map<string, string>();
  files.set('docs/commands/README.md', indexPage(model));
  for (const cmd of model.all) {
    files.set(`docs/commands/${cmd.slug}.md`, commandPage(cmd, model));
    files.set(`man/${cmd.slug}.1`, commandMan(cmd, model, version));
  }
  for (const topic of model.topics) {
    files.set(`docs/commands/${topic.slug}.md`, topicPage(topic));
    files.set(`man/${topic.slug}.7`, topicMan(topic, version));
  }
  const man = [...files.keys()].filter((path) => path.startsWith('man/')).map((path) => `./${path}`);
  return { files, man };
}
