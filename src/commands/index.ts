import type { Command } from 'commander';
import type { Context } from '../context.js';
import { register as sandbox } from './sandbox/index.js';

/** Every command group, in the order `shorty --help` lists them. */
export function registerCommands(program: Command, ctx: Context): void {
  sandbox(program, ctx);
}
