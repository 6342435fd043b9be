// Keyboard moves on the board: Left and Right jump a picked-up card to the neighbouring stage's
// column (dnd-kit's default moves it 25 px a press, which would take a dozen presses per column).
import { KeyboardCode, type KeyboardCoordinateGetter } from '@dnd-kit/core';

export const columnKeyboardCoordinates: KeyboardCoordinateGetter = (event, { context: { collisionRect, droppableRects, over } }) => {
  if (event.code !== KeyboardCode.Right && event.code !== KeyboardCode.Left) return undefined;
  event.preventDefault();
  if (!collisionRect) return undefined;
  const columns = [...droppableRects.entries()].sort(([, a], [, b]) => a.left - b.left);
  const currentIndex = columns.findIndex(([id]) => id === over?.id);
  const index = currentIndex === -1 ? 0 : currentIndex + (event.code === KeyboardCode.Right ? 1 : -1);
  const target = columns[index]?.[1];
  if (!target) return undefined;
  return { x: target.left + (target.width - collisionRect.width) / 2, y: target.top + 48 };
};
