import { useColourMode, type ColourMode } from '../hooks/useColourMode.ts';
import { Icon } from './Icon.tsx';
import { useUi } from './ui-context.ts';

const NEXT: Record<ColourMode, ColourMode> = { light: 'dark', dark: 'system', system: 'light' };
const ICON = { light: 'sun', dark: 'moon', system: 'system' } as const;

/** Cycles light → dark → system; the label names the mode in use. */
export function ColourModeSwitch() {
  const ui = useUi();
  const [mode, setMode] = useColourMode();
  const label = `${ui.navbar.colourMode}: ${ui.navbar[mode]}`;
  return (
    <button
      type="button"
      className="icon-button colour-mode"
      aria-label={label}
      title={label}
      data-mode={mode}
      onClick={() => setMode(NEXT[mode])}
    >
      <Icon name={ICON[mode]} />
    </button>
  );
}
