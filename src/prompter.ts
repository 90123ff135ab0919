import type { Context } from './context.js';

/** Interactive questions; only usable when canPrompt(io). Loaded lazily (inquirer is heavy). */
export interface Prompter {
  input(message: string, opts?: { default?: string; validate?: (v: string) => true | string }): Promise<string>;
  password(message: string): Promise<string>;
  confirm(message: string, defaultValue?: boolean): Promise<boolean>;
}

export async function createPrompter(_ctx: Context): Promise<Prompter> {
  throw new Error('prompter not implemented yet');
}
