import type { Readable, Writable } from 'node:stream';
import { CancelError } from './errors.js';

/** Interactive questions; only usable when canPrompt(io). Loaded lazily (inquirer is heavy). */
export interface Prompter {
  input(message: string, opts?: { default?: string; validate?: (v: string) => true | string }): Promise<string>;
  password(message: string): Promise<string>;
  confirm(message: string, defaultValue?: boolean): Promise<boolean>;
}

export interface PrompterStreams {
  stdin: Readable;
  /** The prompts render on stderr so stdout stays data only, even during `shorty login`. */
  stderr: Writable;
  /** The run's Ctrl-C. */
  signal: AbortSignal;
}

/** Inquirer prompts on the run's streams; Ctrl-C (or the run's abort) becomes CancelError (exit 130). */
export async function createPrompter({ stdin, stderr, signal }: PrompterStreams): Promise<Prompter> {
  const inquirer = await import('@inquirer/prompts');
  const streams = { input: stdin, output: stderr, signal };
  return {
    input: (message, opts = {}) =>
      cancellable(inquirer.input({ message, default: opts.default, validate: opts.validate }, streams)),
    password: (message) => cancellable(inquirer.password({ message, mask: '*' }, streams)),
    confirm: (message, defaultValue = false) =>
      cancellable(inquirer.confirm({ message, default: defaultValue }, streams)),
  };
}

async function cancellable<T>(answer: Promise<T>): Promise<T> {
  try {
    return await answer;
  } catch (err) {
    const name = err instanceof Error ? err.name : '';
    if (name === 'ExitPromptError' || name === 'AbortPromptError' || name === 'CancelPromptError') {
      throw new CancelError();
    }
    throw err;
  }
}
