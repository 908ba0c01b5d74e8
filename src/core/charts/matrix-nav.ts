/**
 * Moving between matrix cells with the keyboard, as in a spreadsheet: arrows one cell, Home / End
 * to the first / last column, Ctrl+Home / Ctrl+End to the corners, PageUp / PageDown ten rows.
 * Positions are [row, column] in the shown order; moves stop at the edges.
 */
export interface CellPosition {
  row: number;
  col: number;
}

const PAGE = 10;

/** The position after `key` (a KeyboardEvent key), or null when the key is not a move. */
export function moveCell(at: CellPosition, key: string, size: number, ctrl = false): CellPosition | null {
  if (size <= 0) return null;
  const clamp = (v: number) => Math.max(0, Math.min(size - 1, v));
  switch (key) {
    case 'ArrowUp':
      return { row: clamp(at.row - 1), col: at.col };
    case 'ArrowDown':
      return { row: clamp(at.row + 1), col: at.col };
    case 'ArrowLeft':
      return { row: at.row, col: clamp(at.col - 1) };
    case 'ArrowRight':
      return { row: at.row, col: clamp(at.col + 1) };
    case 'Home':
      return ctrl ? { row: 0, col: 0 } : { row: at.row, col: 0 };
    case 'End':
      return ctrl ? { row: size - 1, col: size - 1 } : { row: at.row, col: size - 1 };
    case 'PageUp':
      return { row: clamp(at.row - PAGE), col: at.col };
    case 'PageDown':
      return { row: clamp(at.row + PAGE), col: at.col };
    default:
      return null;
  }
}

/** Where focus lands first: the first cell off the diagonal. */
export const FIRST_CELL: CellPosition = { row: 0, col: 1 };
