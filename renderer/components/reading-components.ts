/**
 * The parts of PageBody's component map that keep a body readable on a phone: inline code
 * that wraps only between its parts.
 */
import type { HastComponents } from '../hast/draw-hast.ts';
import { BodyCode } from './BreakableCode.tsx';

export const READING_COMPONENTS: HastComponents = { code: BodyCode };
