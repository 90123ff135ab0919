import type { Command } from 'commander';
import type { Context } from '../../context.js';

export function register(_program: Command, _ctx: Context): void {
  // not implemented yet
}
