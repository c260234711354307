/**
 * A markdown table in its scroll box, laid out for its shape (see table-shape.ts): the box
 * gets the layout as a class (content.css switches a reference table to cards below a width,
 * a larger one for a wide table), and each body cell of a card table its column's name,
 * shown above the value in the card; equal adjacent cells of a row are drawn once.
 */
import { Children, cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';
import type { HastComponentProps } from '../hast/draw-hast.ts';
import { tableShape, type TableShape } from './table-shape.ts';

type WithChildren = ReactElement<{ children?: ReactNode; className?: string }>;

/** The body rows with their equal adjacent cells drawn once, and in a card table each cell labelled with its column's name. */
function drawRows(children: ReactNode, shape: TableShape): ReactNode {
  let rowIndex = 0;
  const cards = shape.layout === 'cards';
  return Children.map(children, (section) => {
    if (!isValidElement(section) || section.type === 'thead') return section;
    const rows = (section as WithChildren).props.children;
    return cloneElement(
      section as WithChildren,
      undefined,
      Children.map(rows, (row) => {
        if (!isValidElement(row)) return row;
        const spans = shape.spans[rowIndex++] ?? [];
        let column = 0;
        return cloneElement(
          row as WithChildren,
          undefined,
          Children.map((row as WithChildren).props.children, (cell) => {
            if (!isValidElement(cell)) return cell;
            const i = column++;
            const span = spans[i] ?? 1;
            if (span === 0) return null;
            const { className } = (cell as WithChildren).props;
            const label = shape.labels
              .slice(i, i + span)
              .filter(Boolean)
              .join(' / ');
            return cloneElement(
              cell as WithChildren,
              {
                ...(span > 1 ? { colSpan: span } : {}),
                // Two columns read as a name and its text: the second needs no label.
                ...(cards
                  ? {
                      'data-label': (shape.columns > 2 && label) || undefined,
                      className: [className, shape.short[i] ? 'cell-short' : 'cell-long'].filter(Boolean).join(' '),
                    }
                  : {}),
              } as object,
            );
          }),
        );
      }),
    );
  });
}

export function BodyTable({ node, children, ...rest }: HastComponentProps) {
  const shape = tableShape(node);
  const merged = shape.spans.some((row) => row.some((span) => span !== 1));
  return (
    <div
      className={`table-scroll table-${shape.layout}${shape.wide ? ' table-wide' : ''}${shape.extraWide ? ' table-extra-wide' : ''}`}
      tabIndex={0}
    >
      <table {...rest}>{shape.layout === 'cards' || merged ? drawRows(children, shape) : children}</table>
    </div>
  );
}
