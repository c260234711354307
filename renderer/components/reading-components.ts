/**
 * The parts of PageBody's component map that keep a body readable on a phone: tables laid out
 * for their shape, inline code that wraps only between its parts, diagrams with a narrow and
 * a dark variant that open full size.
 */
import type { HastComponents } from '../hast/draw-hast.ts';
import { BodyDiagram } from './BodyDiagram.tsx';
import { BodyTable } from './BodyTable.tsx';
import { BodyCode } from './BreakableCode.tsx';

export const READING_COMPONENTS: HastComponents = { table: BodyTable, code: BodyCode, img: BodyDiagram };
