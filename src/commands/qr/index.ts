import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { registerDelete, registerReads } from './simple.js';
import { registerWrites } from './write.js';

/** `shorty qr ...` (also qrs). */
export function register(program: Command, ctx: Context): void {
  const group = program.command('qr').alias('qrs').description('Create and manage QR codes');
  registerReads(group, ctx);
  registerWrites(group, ctx);
  registerDelete(group, ctx);
}
