import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { register as registerGet } from './get.js';
import { registerDelete, registerReads } from './simple.js';
import { registerWrites } from './write.js';

/** `shorty qr ...` (also qrs). */
export function register(group: Command, ctx: Context): void {
  registerReads(group, ctx);
  registerGet(group, ctx);
  registerWrites(group, ctx);
  registerDelete(group, ctx);
}
